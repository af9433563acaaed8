/**
 * The RL-1 slips screen downloads the demo year's RL-1 slips as Revenu Québec relevés XML (issue 45 items 2 and
 * 6): run the report, then its "Download RL-1 XML file" button, reached by keyboard; the file is the original
 * transmission (TypeEnvoi 1) with the demo's Québec employee's slip, numbered from the demo's range, and the
 * group's summary record (structure and rules are checked by modules/pr/test/rl1-file.test.ts). Then the RLZ-1.S
 * summary's button prints the summary of the slips just filed (issue 68 item 8): its slip count and line 21 (box
 * B.A's total) as the XML holds them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../../../tests/e2e/helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';
import { openScreen } from '../../../tests/e2e/shell-helpers.ts';

test('the RL-1 slips screen downloads the RL-1 XML file of the demo year, then its RLZ-1.S summary', async ({ page }) => {
  test.setTimeout(90_000);
  // This year while Revenu Québec's schema set 2025.1 takes it (2025 and 2026: rl1-xml.ts RQ_SCHEMA_YEARS), else 2026.
  const year = Math.min(new Date().getUTCFullYear(), 2026);
  await signIn(page, 'admin', 'admin', '#/');
  const screen = await openScreen(page, '/novus-pr/rl1-slips', /RL-1 Slips/, 30_000);
  if (year !== new Date().getUTCFullYear()) await screen.getByLabel('Year').fill(String(year));
  await screen.getByRole('button', { name: 'Run report' }).click();
  const button = screen.getByRole('button', { name: 'Download RL-1 XML file' });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  await button.focus();
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^RL1-${year}-\\d{6}\\.xml$`));
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml).toContain(`<Transmission VersionSchema="2025.1" xmlns="http://www.mrq.gouv.qc.ca/T5"><P><Annee>${year}</Annee><TypeEnvoi>1</TypeEnvoi>`);
  expect(xml.match(/<R>/g)?.length).toBe(1);
  expect(xml).toContain('<NoReleve>100000003</NoReleve>');
  expect(xml).toContain('<NomFamille>Gagnon</NomFamille><Prenom>Chloé</Prenom>');
  expect(xml).toContain('<T><Annee>' + year + '</Annee><NbReleves>1</NbReleves><Employeur><NoId>1234567892</NoId><TypeDossier>RS</TypeDossier><NoDossier>0001</NoDossier>');

  // The RLZ-1.S of the slips filed: a PDF whose line 21 is the slip's box B.A.
  const summaryButton = screen.getByRole('button', { name: 'Download RLZ-1.S summary (PDF)' });
  await expect(summaryButton).toBeEnabled();
  const summaryDownloaded = page.waitForEvent('download');
  await summaryButton.click();
  const summary = await summaryDownloaded;
  const text = (await pdfText(await readFile((await summary.path())!))).replace(/\s+/g, ' ');
  expect(text).toContain(`RLZ-1.S ${year}`);
  expect(text).toContain('Number of RL-1 slips filed 1');
  const boxBA = /<BA_CotisationRRQ>([^<]+)<\/BA_CotisationRRQ>/.exec(xml)![1]!;
  expect(text).toContain(`21 QPP – employee contributions (box B.A) ${boxBA}`);
});
