import { type ComponentType, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary, type SummaryError } from '@/components/ui/error-summary';
import * as icons from '@/components/ui/icons';
import { MenuButton } from '@/components/ui/menu-button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Popover } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { UploadWidget } from '@/components/ui/upload-widget';
import { useIntlFormat } from '@/lib/intl-format';
import type { SharedSpecimenId } from '../gallery-entries';

/** One labelled state of a component: a caption above the live component. */
export function State({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <figure
      aria-labelledby={id}
      className="min-w-0 space-y-2 rounded-md border border-slate-300 p-4 dark:border-slate-600"
    >
      <figcaption id={id} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        {label}
      </figcaption>
      {children}
    </figure>
  );
}

const grid = 'grid gap-4 sm:grid-cols-2';

function ButtonSpecimen() {
  const { t } = useTranslation();
  return (
    <div className={grid}>
      <State label={t('gallery.states.primary')}>
        <Button>{t('gallery.sample.save')}</Button>
      </State>
      <State label={t('gallery.states.secondary')}>
        <Button variant="secondary">{t('gallery.sample.cancel')}</Button>
      </State>
      <State label={t('gallery.states.disabled')}>
        <Button disabled>{t('gallery.sample.save')}</Button>
      </State>
      <State label={t('gallery.states.link')}>
        <p className="flex flex-wrap items-center gap-4">
          <a href="#top" className={buttonClasses('secondary')}>
            {t('app.backToTop')}
          </a>
          <a href="#top" className={linkClasses}>
            {t('app.backToTop')}
          </a>
        </p>
      </State>
    </div>
  );
}

function AlertSpecimen() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <State label={t('gallery.states.info')}>
        <Alert tone="info">{t('gallery.sample.infoText')}</Alert>
      </State>
      <State label={t('gallery.states.success')}>
        <Alert tone="success">{t('gallery.sample.successText')}</Alert>
      </State>
      <State label={t('gallery.states.error')}>
        <Alert tone="error" title={t('gallery.sample.errorTitle')}>
          {t('gallery.sample.errorText')}
        </Alert>
      </State>
    </div>
  );
}

function DialogsSpecimen() {
  const { t } = useTranslation();
  const [modalOpen, setModalOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [outcome, setOutcome] = useState('');
  const titleId = useId();
  const bodyId = useId();
  const close = (result: string) => {
    setConfirmOpen(false);
    setOutcome(result);
  };
  return (
    <div className={grid}>
      <State label={t('gallery.states.modal')}>
        <Button variant="secondary" onClick={() => setModalOpen(true)}>
          {t('gallery.sample.openDialog')}
        </Button>
        <ModalDialog
          open={modalOpen}
          onClose={() => setModalOpen(false)}
          title={t('gallery.sample.dialogTitle')}
          className="w-[min(28rem,calc(100vw-2rem))]"
        >
          <p className="mt-3">{t('gallery.sample.dialogBody')}</p>
          <p className="mt-6">
            <Button onClick={() => setModalOpen(false)}>{t('gallery.sample.close')}</Button>
          </p>
        </ModalDialog>
      </State>
      <State label={t('gallery.states.confirm')}>
        <Button variant="secondary" onClick={() => setConfirmOpen(true)}>
          {t('gallery.sample.openConfirm')}
        </Button>
        {confirmOpen ? (
          <AlertDialog titleId={titleId} descriptionId={bodyId} onEscape={() => close(t('gallery.sample.cancel'))}>
            <h2 id={titleId} className="text-xl font-semibold">
              {t('gallery.sample.confirmTitle')}
            </h2>
            <p id={bodyId} className="mt-3">
              {t('gallery.sample.confirmBody')}
            </p>
            <p className="mt-6 flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => close(t('gallery.sample.cancel'))}>
                {t('gallery.sample.cancel')}
              </Button>
              <Button onClick={() => close(t('gallery.sample.confirm'))}>{t('gallery.sample.confirm')}</Button>
            </p>
          </AlertDialog>
        ) : null}
        <p role="status" className="text-sm">
          {outcome ? t('gallery.sample.chosen', { item: outcome }) : null}
        </p>
      </State>
    </div>
  );
}

function PopoverSpecimen() {
  const { t } = useTranslation();
  return (
    <State label={t('gallery.states.default')}>
      <Popover
        label={
          <>
            <icons.InfoIcon />
            <span className="sr-only">{t('gallery.sample.popoverLabel')}</span>
          </>
        }
        title={t('gallery.sample.popoverTitle')}
      >
        <p className="p-3">{t('gallery.sample.popoverBody')}</p>
      </Popover>
    </State>
  );
}

function MenuButtonSpecimen() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('');
  const [size, setSize] = useState('medium');
  const actions = (['edit', 'download', 'delete'] as const).map((id) => ({
    id,
    label: t(`gallery.sample.menu.${id}`),
    onSelect: () => setChosen(t(`gallery.sample.menu.${id}`)),
  }));
  const sizes = (['small', 'medium', 'large'] as const).map((id) => ({
    id,
    label: t(`gallery.sample.menu.${id}`),
    current: size === id,
    onSelect: () => setSize(id),
  }));
  const trigger = `${buttonClasses('secondary')}`;
  return (
    <div className={grid}>
      <State label={t('gallery.states.actions')}>
        <MenuButton label={t('gallery.sample.menu.label')} items={actions} className={trigger} />
        <p role="status" className="text-sm">
          {chosen ? t('gallery.sample.chosen', { item: chosen }) : null}
        </p>
      </State>
      <State label={t('gallery.states.choice')}>
        <MenuButton label={t(`gallery.sample.menu.${size}`)} items={sizes} className={trigger} />
      </State>
    </div>
  );
}

function CardSpecimen() {
  const { t } = useTranslation();
  return (
    <State label={t('gallery.states.default')}>
      <Card>
        <h3 className="text-xl font-semibold">{t('gallery.sample.cardHeading')}</h3>
        <p>{t('gallery.sample.cardBody')}</p>
        <Button>{t('gallery.sample.save')}</Button>
      </Card>
    </State>
  );
}

function TextFieldSpecimen() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={grid}>
      <State label={t('gallery.states.default')}>
        <TextField id={`${id}-name`} label={t('gallery.sample.providerName')} autoComplete="organization" />
      </State>
      <State label={t('gallery.states.hint')}>
        <TextField
          id={`${id}-hinted`}
          label={t('gallery.sample.providerName')}
          hint={t('gallery.sample.providerHint')}
        />
      </State>
      <State label={t('gallery.states.error')}>
        <TextField
          id={`${id}-error`}
          label={t('gallery.sample.email')}
          type="email"
          defaultValue="name@"
          error={t('gallery.sample.emailError')}
        />
      </State>
      <State label={t('gallery.states.disabled')}>
        <TextField id={`${id}-disabled`} label={t('gallery.sample.providerName')} disabled defaultValue="Sunrise" />
      </State>
      <State label={t('gallery.states.date')}>
        <TextField id={`${id}-date`} label={t('gallery.sample.date')} type="date" />
      </State>
    </div>
  );
}

function ValidationSpecimen() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [sent, setSent] = useState(false);
  const fieldId = 'gallery-validation-name';
  const error = errors.find((entry) => entry.field === fieldId)?.message;
  return (
    <State label={t('gallery.states.error')}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const next = name.trim() ? [] : [{ field: fieldId, message: t('gallery.sample.providerError') }];
          setErrors(next);
          setSent(next.length === 0);
        }}
      >
        <ErrorSummary title={t('gallery.sample.summaryTitle')} errors={errors} />
        <TextField
          id={fieldId}
          label={t('gallery.sample.providerName')}
          hint={t('gallery.sample.providerHint')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <Button type="submit">{t('gallery.sample.send')}</Button>
        {sent ? <Alert tone="success">{t('gallery.sample.successText')}</Alert> : null}
      </form>
    </State>
  );
}

function SpinnerSpecimen() {
  const { t } = useTranslation();
  return (
    <State label={t('gallery.states.loading')}>
      <Spinner label={t('app.loading')} />
    </State>
  );
}

function UploadSpecimen() {
  const { t } = useTranslation();
  const [single, setSingle] = useState<File[]>([]);
  const [many, setMany] = useState<File[]>([]);
  return (
    <div className="space-y-4">
      <State label={t('gallery.states.single')}>
        <UploadWidget
          id="gallery-upload-single"
          label={t('gallery.sample.uploadLabel')}
          hint={t('gallery.sample.uploadHint')}
          files={single}
          onFilesChange={setSingle}
          accept="application/pdf,image/png,image/jpeg"
          camera
        />
      </State>
      <State label={t('gallery.states.multiple')}>
        <UploadWidget
          id="gallery-upload-many"
          label={t('gallery.sample.uploadLabel')}
          files={many}
          onFilesChange={setMany}
          multiple
          maxFiles={3}
        />
      </State>
      <State label={t('gallery.states.error')}>
        <UploadWidget
          id="gallery-upload-error"
          label={t('gallery.sample.uploadLabel')}
          files={[]}
          onFilesChange={() => undefined}
          error={t('uploadWidget.errors.required')}
        />
      </State>
      <State label={t('gallery.states.disabled')}>
        <UploadWidget
          id="gallery-upload-disabled"
          label={t('gallery.sample.uploadLabel')}
          files={[]}
          onFilesChange={() => undefined}
          disabled
        />
      </State>
    </div>
  );
}

function IconsSpecimen() {
  const { t } = useTranslation();
  const all = Object.entries(icons) as [string, ComponentType<{ className?: string }>][];
  return (
    <State label={t('gallery.states.default')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {all.map(([name, Icon]) => (
          <li key={name} className="flex min-w-0 items-center gap-2">
            <Icon className="shrink-0" />
            <code className="text-sm break-all">{name}</code>
          </li>
        ))}
      </ul>
    </State>
  );
}

function TypographySpecimen() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <div className="space-y-4">
      <State label={t('gallery.states.headings')}>
        <p className="text-3xl font-bold">{t('app.name')}</p>
        <p className="text-2xl font-semibold">{t('gallery.sample.cardHeading')}</p>
        <p className="text-lg font-semibold">{t('gallery.sample.popoverTitle')}</p>
        <p>{t('notFound.body')}</p>
      </State>
      <State label={t('gallery.states.numbers')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{t('gallery.sample.number')}</dt>
          <dd>{format.number(5000)}</dd>
          <dt className="font-semibold">{t('gallery.sample.money')}</dt>
          <dd>{format.money(1234.5)}</dd>
          <dt className="font-semibold">{t('gallery.sample.dateValue')}</dt>
          <dd>{format.date('2026-07-01')}</dd>
        </dl>
      </State>
    </div>
  );
}

const SWATCHES = [
  ['primary', 'bg-blue-700 text-white dark:bg-blue-500 dark:text-slate-950'],
  ['info', 'bg-blue-50 text-blue-950 border-s-4 border-blue-700 dark:bg-blue-950 dark:text-blue-100'],
  ['success', 'bg-green-50 text-green-900 border-s-4 border-green-700 dark:bg-green-950 dark:text-green-100'],
  ['warning', 'bg-amber-50 text-amber-950 border-s-4 border-amber-700 dark:bg-amber-950 dark:text-amber-100'],
  ['error', 'bg-red-50 text-red-900 border-s-4 border-red-700 dark:bg-red-950 dark:text-red-100'],
  ['neutral', 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'],
] as const;

function ColorsSpecimen() {
  const { t } = useTranslation();
  return (
    <State label={t('gallery.states.default')}>
      <ul className="grid gap-3 sm:grid-cols-3">
        {SWATCHES.map(([name, classes]) => (
          <li key={name} className={`rounded-md px-4 py-3 font-semibold ${classes}`}>
            {t(`gallery.states.${name}`)}
          </li>
        ))}
      </ul>
    </State>
  );
}

export const SHARED_SPECIMEN_COMPONENTS: Record<SharedSpecimenId, ComponentType> = {
  button: ButtonSpecimen,
  alert: AlertSpecimen,
  dialogs: DialogsSpecimen,
  popover: PopoverSpecimen,
  menuButton: MenuButtonSpecimen,
  card: CardSpecimen,
  textField: TextFieldSpecimen,
  validation: ValidationSpecimen,
  spinner: SpinnerSpecimen,
  upload: UploadSpecimen,
  icons: IconsSpecimen,
  typography: TypographySpecimen,
  colors: ColorsSpecimen,
};
