import type { ProviderRecord, QueueItem, QueueSort, Rfi } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StepList } from '@/features/application/wizard/step-list';
import { stepById, wizardSteps } from '@/features/application/wizard/wizard-steps';
import type { FeatureSpecimens } from '@/features/gallery/gallery-page';
import { State } from '@/features/gallery/specimens/shared-specimens';
import { ResultsList } from '@/features/providers/components/results-list';
import { RfiList } from '@/features/rfi/components/rfi-list';
import { QueueTable } from '@/features/staff/components/queue-table';
import { useBulkSelection } from '@/features/staff/use-bulk-selection';

/*
 * The gallery's specimens of components that belong to one feature. Features do not import
 * each other, so app/ (which composes them) hands these to the gallery page (ADR 034). The
 * components are the real ones; only the rows are samples, and they stay in the browser.
 */

const QUEUE: QueueItem[] = [
  {
    applicationId: 1042,
    providerName: 'Sunrise Child Care',
    providerType: 'registeredprovider',
    county: 'Polk',
    status: 'submitted',
    submittedAt: '2026-05-04T15:00:00.000Z',
    daysWaiting: 41,
    overdue: true,
    openRfiCount: 1,
    nextRfiDueAt: '2026-06-20',
    rfiOverdue: true,
    assignee: null,
    version: 1,
  },
  {
    applicationId: 1057,
    providerName: 'Little Oaks Home',
    providerType: 'unregisteredprovider',
    county: 'Story',
    status: 'in-review',
    submittedAt: '2026-06-01T09:30:00.000Z',
    daysWaiting: 13,
    overdue: false,
    openRfiCount: 0,
    nextRfiDueAt: null,
    rfiOverdue: false,
    assignee: { id: 'sample-worker', name: 'Dana Miller' },
    version: 3,
  },
];

function QueueTableSpecimen() {
  const { t } = useTranslation();
  const [sort, setSort] = useState<QueueSort>('daysWaiting');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [items, setItems] = useState(QUEUE);
  const selection = useBulkSelection(items, items.length, undefined);
  const valueOf = (item: QueueItem) => (sort === 'assignee' ? (item.assignee?.name ?? '') : (item[sort] ?? ''));
  const sorted = [...items].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    const compared = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 'asc' ? compared : -compared;
  });
  return (
    <State label={t('gallery.states.sortable')}>
      <QueueTable
        items={sorted}
        sort={sort}
        order={order}
        myId="gallery-me"
        onSort={(next) => {
          setOrder(next === sort && order === 'asc' ? 'desc' : 'asc');
          setSort(next);
        }}
        onAssign={(item) =>
          setItems((current) =>
            current.map((row) =>
              row.applicationId === item.applicationId ? { ...row, assignee: { id: 'gallery-me', name: '' } } : row,
            ),
          )
        }
        assigning={undefined}
        selection={selection.rows}
      />
    </State>
  );
}

function RfiTimelineSpecimen() {
  const { t } = useTranslation();
  const [completed, setCompleted] = useState(false);
  const rfis: Rfi[] = [
    {
      rfiId: 2,
      applicationId: 1042,
      changeId: null,
      statusDescription: completed ? 'completed' : 'pending',
      status: completed ? 'completed' : 'pending',
      createdDate: '2026-06-10T14:00:00.000Z',
      createdBy: 'worker@demo.example',
      createdByName: 'Dana Miller',
      dueDate: '2026-06-20',
      serviceWorkerComment: t('gallery.sample.rfiRequest'),
      applicantComment: completed ? t('gallery.sample.rfiResponse') : null,
      respondedDate: completed ? '2026-06-12T10:00:00.000Z' : null,
      completedDate: completed ? '2026-06-13T10:00:00.000Z' : null,
      documents: [],
    },
    {
      rfiId: 1,
      applicationId: 1042,
      changeId: null,
      statusDescription: 'completed',
      status: 'completed',
      createdDate: '2026-05-20T14:00:00.000Z',
      createdBy: 'worker@demo.example',
      createdByName: 'Dana Miller',
      dueDate: '2026-05-30',
      serviceWorkerComment: t('gallery.sample.rfiRequest'),
      applicantComment: t('gallery.sample.rfiResponse'),
      respondedDate: '2026-05-22T10:00:00.000Z',
      completedDate: '2026-05-23T10:00:00.000Z',
      documents: [],
    },
  ];
  return (
    <State label={t('gallery.states.default')}>
      <RfiList
        rfis={rfis}
        canComplete
        completingId={undefined}
        onComplete={() => setCompleted(true)}
        onDownload={() => undefined}
      />
    </State>
  );
}

function StepListSpecimen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const states = wizardSteps.map((step, index) => ({
    id: step.id,
    required: step.required,
    state: index < 3 ? ('done' as const) : index === 3 ? ('has-errors' as const) : ('to-do' as const),
    issues: [],
  }));
  const current = stepById(params.get('step')) ?? wizardSteps[3]!;
  return (
    <State label={t('gallery.states.default')}>
      <StepList states={states} current={current} hrefOf={(step) => `?step=${step.id}`} />
    </State>
  );
}

const provider = (Id: number, BusinessName: string, City: string, Zip: string, Distance: number): ProviderRecord => ({
  Id,
  BusinessName,
  LicenseNumber: `SAMPLE-${Id}`,
  ProviderTypeID: 1,
  IsCCA: Id % 2 === 1,
  Capacity: 40,
  Addresses: [{ Address1: '100 Main Street', City, Zip }],
  OperationHours: [],
  Location: { type: 'Point', coordinates: [-93.6, 41.6] },
  Contacts: [],
  County: 'Polk',
  Languages: ['English'],
  QualityRating: 4,
  AcceptsChildrenWithSpecialNeeds: true,
  ProvidesWeekendCare: false,
  ProvidesEveningOvernightCare: false,
  ProvidesTransportation: false,
  Distance,
  IsDemonstration: true,
  Openings: [],
});

const PROVIDERS = [
  provider(1, 'Sunrise Child Care', 'Des Moines', '50309', 1.2),
  provider(2, 'Little Oaks Home', 'Ames', '50010', 28.4),
];

function ProviderListSpecimen() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | undefined>(1);
  return (
    <State label={t('gallery.states.default')}>
      <ResultsList
        providers={PROVIDERS}
        selectedId={selected}
        onSelect={(chosen) => setSelected((current) => (current === chosen.Id ? undefined : chosen.Id))}
      />
    </State>
  );
}

export const FEATURE_SPECIMEN_COMPONENTS: FeatureSpecimens = {
  queueTable: QueueTableSpecimen,
  rfiTimeline: RfiTimelineSpecimen,
  stepList: StepListSpecimen,
  providerList: ProviderListSpecimen,
};
