import { useEffect, useMemo, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { describedByOf, FieldMessages } from './field-messages';
import { CameraIcon, DocumentIcon, PdfIcon, VideoIcon } from './icons';

const IMAGE_PREVIEW_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** How long a removed file takes to fade out (spec section 3: the 200 ms clear animation). */
export const CLEAR_ANIMATION_MS = 200;

/** The name each suffixed file had when the person chose it. */
const chosenNames = new WeakMap<File, string>();

/**
 * Spec section 3: each chosen file gets a random suffix appended to its name, so two files
 * both called "scan.pdf" stay apart. It goes before the extension, which keeps the type. The
 * suffix is the widget's own: the person sees, and the portal stores, the name they gave
 * (`chosenNameOf`).
 */
export function withRandomSuffix(file: File, random: () => string = randomSuffix): File {
  const dot = file.name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [file.name.slice(0, dot), file.name.slice(dot)] : [file.name, ''];
  const suffixed = new File([file], `${stem}-${random()}${extension}`, {
    type: file.type,
    lastModified: file.lastModified,
  });
  chosenNames.set(suffixed, chosenNameOf(file));
  return suffixed;
}

/** The name the person's file had, before the widget's suffix: what is shown and uploaded. */
export function chosenNameOf(file: File): string {
  return chosenNames.get(file) ?? file.name;
}

function randomSuffix(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Spec section 5: single mode keeps only one file; multiple mode keeps at most `maxFiles`
 * when that is above 0 (the newest are dropped, the chosen ones kept).
 */
export function mergeChosen(current: File[], added: File[], multiple: boolean, maxFiles: number): File[] {
  if (!multiple) return added.slice(-1).length > 0 ? added.slice(-1) : current;
  const all = [...current, ...added];
  return maxFiles > 0 ? all.slice(0, maxFiles) : all;
}

/**
 * Spec section 8's messages ('Array must contain at least one file.', 'There is no file at
 * index'), as errors a form catches and shows translated through `key`.
 */
export class UploadWidgetError extends Error {
  constructor(
    readonly key: 'uploadWidget.errors.required' | 'uploadWidget.errors.noFileAtIndex',
    readonly values: Record<string, number> = {},
  ) {
    super(
      key === 'uploadWidget.errors.required'
        ? 'Array must contain at least one file.'
        : `There is no file at index ${values.index}`,
    );
    this.name = 'UploadWidgetError';
  }
}
export function requireFiles(files: File[]): File[] {
  if (files.length === 0) throw new UploadWidgetError('uploadWidget.errors.required');
  return files;
}
export function removeAt(files: File[], index: number): File[] {
  if (index < 0 || index >= files.length) throw new UploadWidgetError('uploadWidget.errors.noFileAtIndex', { index });
  return files.filter((_, position) => position !== index);
}

function Preview({ file }: { file: File }) {
  const url = useMemo(() => (IMAGE_PREVIEW_TYPES.has(file.type) ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (url) return <img src={url} alt="" className="size-12 rounded object-cover" />;
  const Icon = file.type === 'application/pdf' ? PdfIcon : file.type.startsWith('video/') ? VideoIcon : DocumentIcon;
  return <Icon width="48" height="48" className="text-slate-600 dark:text-slate-300" />;
}

export interface UploadWidgetProps {
  id: string;
  label: string;
  hint?: string;
  /** The files chosen so far (the widget caches them for the form around it). */
  files: File[];
  onFilesChange: (files: File[]) => void;
  multiple?: boolean;
  /** Multiple mode: at most this many files when above 0. */
  maxFiles?: number;
  /** The file chooser's `accept` list; the server decides the type from the content anyway. */
  accept?: string;
  /** Offer "take a picture" with the phone's camera. */
  camera?: boolean;
  error?: string;
  disabled?: boolean;
}

/**
 * Choose or drop files, see what was chosen with a preview, and remove any before sending.
 * Built on react-dropzone; the visible buttons are real buttons, so keyboards and screen
 * readers need no drag and drop.
 */
export function UploadWidget({
  id,
  label,
  hint,
  files,
  onFilesChange,
  multiple = false,
  maxFiles = 0,
  accept,
  camera = false,
  error,
  disabled = false,
}: UploadWidgetProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState<File[]>([]);
  const add = (added: File[]) =>
    onFilesChange(
      mergeChosen(
        files,
        added.map((file) => withRandomSuffix(file)),
        multiple,
        maxFiles,
      ),
    );
  const acceptMap = accept
    ? Object.fromEntries(
        accept
          .split(',')
          .filter((entry) => entry.includes('/'))
          .map((type) => [type, []]),
      )
    : undefined;
  const dropzone = useDropzone({ onDrop: add, multiple, noClick: true, noKeyboard: true, disabled, accept: acceptMap });
  const cameraZone = useDropzone({
    onDrop: add,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled,
    accept: { 'image/*': [] },
  });

  const remove = (file: File) => {
    setLeaving((current) => [...current, file]);
    setTimeout(() => {
      setLeaving((current) => current.filter((entry) => entry !== file));
      onFilesChange(removeAt(files, files.indexOf(file)));
    }, CLEAR_ANIMATION_MS);
  };

  const describedBy = describedByOf(id, hint, error);
  return (
    <div>
      <p id={`${id}-label`} className="font-semibold">
        {label}
      </p>
      <FieldMessages id={id} hint={hint} error={error} />
      <div
        {...dropzone.getRootProps({
          className: `mt-2 rounded-md border-2 border-dashed p-4 text-center ${
            dropzone.isDragActive
              ? 'border-blue-700 bg-blue-50 dark:bg-slate-800'
              : 'border-slate-400 dark:border-slate-500'
          } ${error ? 'border-red-700 dark:border-red-400' : ''}`,
        })}
      >
        <input id={id} {...dropzone.getInputProps({ 'aria-labelledby': `${id}-label` })} />
        <p className="text-slate-700 dark:text-slate-300">
          {t(multiple ? 'uploadWidget.dropMany' : 'uploadWidget.dropOne')}
        </p>
        <div className="mt-3 flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={dropzone.open} disabled={disabled} aria-describedby={describedBy}>
            {t(multiple ? 'uploadWidget.chooseMany' : 'uploadWidget.chooseOne')}
          </Button>
          {camera ? (
            <>
              <input
                {...cameraZone.getInputProps({ capture: 'environment', 'aria-label': t('uploadWidget.takePicture') })}
              />
              <Button variant="secondary" onClick={cameraZone.open} disabled={disabled}>
                <CameraIcon />
                {t('uploadWidget.takePicture')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {files.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label={t('uploadWidget.chosen')}>
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className={`flex items-center gap-3 rounded-md border border-slate-300 p-2 transition-opacity duration-200 motion-reduce:transition-none dark:border-slate-600 ${
                leaving.includes(file) ? 'opacity-0' : 'opacity-100'
              }`}
            >
              <Preview file={file} />
              <span className="min-w-0 grow break-all">{chosenNameOf(file)}</span>
              <Button
                variant="secondary"
                onClick={() => remove(file)}
                disabled={disabled || leaving.includes(file)}
                aria-label={`${t('uploadWidget.remove')} ${chosenNameOf(file)}`}
              >
                {t('uploadWidget.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
