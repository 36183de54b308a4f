import { allowedDocumentTypeLabels, documentProblemTypes } from '@ccap/contracts';
import { HttpProblem } from '../../plugins/problem';

/** "15 MB", "512 KB", "900 bytes": a limit as people read it (binary units, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

const typeList = new Intl.ListFormat('en', { type: 'disjunction' }).format(allowedDocumentTypeLabels);

export const fileTooLarge = (maxBytes: number) =>
  new HttpProblem(413, `The file is larger than the ${formatBytes(maxBytes)} limit. Please send a smaller file.`, {
    type: documentProblemTypes.tooLarge,
    maxBytes,
  });

export const emptyFile = () =>
  new HttpProblem(400, 'The file is empty. Please choose the file again.', { type: documentProblemTypes.empty });

export const unsupportedFileType = () =>
  new HttpProblem(415, `Only ${typeList} files are accepted; this file's content is none of them.`, {
    type: documentProblemTypes.unsupportedType,
    allowedTypes: [...allowedDocumentTypeLabels],
  });

export const malformedUpload = () =>
  new HttpProblem(400, 'The upload was cut short or is not valid multipart/form-data. Please send the file again.');

export const infectedFile = () =>
  new HttpProblem(
    422,
    'The virus scanner found a threat in this file, so it was not stored. Please check your device and send a clean copy.',
    { type: documentProblemTypes.infected },
  );

export const scannerUnavailable = () =>
  new HttpProblem(503, 'Files cannot be checked for viruses right now. Please try again in a few minutes.', {
    headers: { 'retry-after': '120' },
  });

/** The store has no room: the applicant's file was not kept, and it is not their fault. */
export const storageFull = () =>
  new HttpProblem(
    507,
    'We could not save your file because our document storage is full. Nothing was saved: please try again later or contact us.',
    { type: documentProblemTypes.storageFull, headers: { 'retry-after': '600' } },
  );

export const applicationClosed = () =>
  new HttpProblem(409, 'This application has a decision or was withdrawn: documents can no longer be added to it.', {
    type: documentProblemTypes.closed,
  });
