import { fetchFileLink, withFileLink } from './file-links';

/**
 * A report file's URL (/inspection-report/.../word, pdf, preview) with a signed link to its folder, as an anchor or
 * an iframe cannot send the session header. The inspection's reports and the drone-target page's monitoring reports
 * both open their files so.
 */
export async function signedReportUrl(url: string): Promise<string> {
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  return withFileLink(url, await fetchFileLink(folder));
}

/** Downloads a written report's file (its Word document or its PDF). */
export async function downloadReport(fileUrl: string) {
  const anchor = document.createElement('a');
  anchor.href = await signedReportUrl(fileUrl);
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
