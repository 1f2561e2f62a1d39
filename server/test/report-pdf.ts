import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

const SOFFICE = '/usr/bin/soffice';
const PDFTOPPM = '/usr/bin/pdftoppm';
const PDFTOTEXT = '/usr/bin/pdftotext';

/** Whether reports get their PDF here and it can be read back: LibreOffice and poppler-utils installed. */
export function reportPdfToolsReady(): boolean {
  const ready = [SOFFICE, PDFTOPPM, PDFTOTEXT].every((tool) => fs.existsSync(tool));
  if (!ready)
    console.warn(
      `Skipped: the report's PDF check needs ${SOFFICE} (libreoffice-writer) and poppler-utils (npm test installs them)`,
    );
  return ready;
}

/** Where a test leaves a report's PDF and its pages as PNG to be looked at (test-results is not committed). */
export function reportArtifacts(name: string): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results', name);
}

const run = promisify(execFile);

/**
 * The PDF written to `folder` as report.pdf, each page rendered to page-N.png beside it (its path printed), and its
 * text as pdftotext lays it out: one line a row, cells joined by " | ". Answers the pages' files and the lines.
 */
export async function readReportPdf(pdfBytes: Buffer, folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  const pdf = path.join(folder, 'report.pdf');
  fs.writeFileSync(pdf, pdfBytes);
  await run(PDFTOPPM, ['-png', '-r', '50', pdf, path.join(folder, 'page')], { timeout: 120_000 });
  const pages = fs
    .readdirSync(folder)
    .filter((name) => /^page-\d+\.png$/.test(name))
    .sort()
    .map((name) => path.join(folder, name));
  console.info(`the report's pages: ${folder}`);
  await run(PDFTOTEXT, ['-layout', pdf, path.join(folder, 'report.txt')], { timeout: 120_000 });
  const lines = fs
    .readFileSync(path.join(folder, 'report.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '));
  return { pages, lines };
}

/** Whether a rendered page shows something: not a blank sheet. */
export async function pageHasInk(page: string): Promise<boolean> {
  const { channels } = await sharp(page).stats();
  return Math.min(...channels.map((channel) => channel.min)) < 128;
}
