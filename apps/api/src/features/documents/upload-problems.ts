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
  new HttpProblem(413, 'fileTooLarge', {
    values: { limit: formatBytes(maxBytes) },
    type: documentProblemTypes.tooLarge,
    maxBytes,
  });

export const emptyFile = () => new HttpProblem(400, 'emptyFile', { type: documentProblemTypes.empty });

export const unsupportedFileType = () =>
  new HttpProblem(415, 'unsupportedFileType', {
    values: { types: typeList },
    type: documentProblemTypes.unsupportedType,
    allowedTypes: [...allowedDocumentTypeLabels],
  });

export const malformedUpload = () => new HttpProblem(400, 'malformedUpload');

export const infectedFile = () => new HttpProblem(422, 'infectedFile', { type: documentProblemTypes.infected });

export const scannerUnavailable = () =>
  new HttpProblem(503, 'scannerUnavailable', {
    headers: { 'retry-after': '120' },
  });

/** The store has no room: the applicant's file was not kept, and it is not their fault. */
export const storageFull = () =>
  new HttpProblem(507, 'storageFullUpload', {
    type: documentProblemTypes.storageFull,
    headers: { 'retry-after': '600' },
  });

export const applicationClosed = () =>
  new HttpProblem(409, 'applicationClosedForDocuments', {
    type: documentProblemTypes.closed,
  });
