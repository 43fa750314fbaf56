// `mountbench providers [--json]`: products found, versions, current file sharing, variants.
import type { Command } from 'commander';
import { productContext, productsFound } from '../../core/app/products';
import { providerText } from '../output/sweep-text';

export function registerProvidersCommand(program: Command): void {
  program
    .command('providers')
    .description(
      'List the Docker products found, their file-sharing setting and the variants Mountbench can switch to',
    )
    .option('--json', 'print as JSON')
    .action(async (options: { json?: boolean }) => {
      const found = await productsFound(await productContext());
      if (options.json) {
        process.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${found.map((f) => providerText(f.detection, f.variants)).join('\n\n')}\n`);
    });
}
