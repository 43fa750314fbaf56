// Ctrl-C while a sweep or an apply has another product's settings changed: the first one cancels
// (the core then puts the settings back); later ones only warn, because quitting in the middle of
// putting them back would leave the product changed until `mountbench restore`.
export function cancelSettingsOnCtrlC(controller: AbortController, cancelling: string): () => void {
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    if (interrupts > 1) {
      process.stderr.write(
        '\nstill putting settings back; if you quit now, run `mountbench restore` later\n',
      );
      return;
    }
    process.stderr.write(`\n${cancelling}\n`);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  return () => process.off('SIGINT', onSigint);
}
