// The verdict true to the table, as a flow checks it on the page: wherever the recommendation card
// says "Fastest", the backend it names heads its role's score table, and every "Fastest" the role
// answers name does too. Fails for a backend called fastest below another of its role.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { tid } from './dashboard';

/** The backends of one role's score table, top to bottom, with their places. */
async function roleTable(page: Page, role: string): Promise<{ place: number; label: string }[]> {
  const rows = tid(page, `recommendation-scores-${role}`).locator('tbody tr');
  const out: { place: number; label: string }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    out.push({
      place: Number(await row.locator('td').first().textContent()),
      label: ((await row.locator('th').textContent()) ?? '').trim(),
    });
  }
  return out;
}

export async function expectFastestTrueToTable(page: Page): Promise<void> {
  const headline = (await tid(page, 'recommendation-verdict').textContent()) ?? '';
  const choice = ((await tid(page, 'recommendation-choice').textContent()) ?? '').trim();
  for (const role of ['source-tree', 'container-data']) {
    const table = await roleTable(page, role).catch(() => []);
    const answer = tid(page, `role-${role}`);
    const line = (await answer.count()) ? ((await answer.textContent()) ?? '') : '';
    const fastest = /^[^:]+: (.+?) \(fastest, measurably\)/.exec(line)?.[1];
    if (fastest && table.length > 0) {
      // Named fastest: first in its role's table, nobody above it.
      expect(table[0].label, `${fastest} is called fastest for ${role}`).toBe(fastest);
      expect(table[0].place).toBe(1);
    }
    if (/^Fastest/.test(headline) && table.some((t) => t.label === choice)) {
      expect(table[0].label, `the card calls ${choice} fastest`).toBe(choice);
    }
  }
}
