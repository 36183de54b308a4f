/**
 * What each gallery page shows: the one table behind every gallery route (ADR 034).
 *
 * - `shared`: the portal has this component in components/ui; the page shows it.
 * - `feature`: the portal has it inside one of its pages; app/ hands the real component to the
 *   gallery with sample data (features do not import each other).
 * - `elsewhere`: the portal does this on one of its pages without a component to show here;
 *   the page links there and shows the nearest shared component.
 * - `absent`: the portal has no such component; the page says so and shows the nearest one.
 */
export const SHARED_SPECIMENS = [
  'button',
  'alert',
  'dialogs',
  'popover',
  'menuButton',
  'card',
  'textField',
  'validation',
  'spinner',
  'upload',
  'icons',
  'typography',
  'colors',
] as const;
export const FEATURE_SPECIMENS = ['queueTable', 'rfiTimeline', 'stepList', 'providerList'] as const;

export type SharedSpecimenId = (typeof SHARED_SPECIMENS)[number];
export type FeatureSpecimenId = (typeof FEATURE_SPECIMENS)[number];
export type SpecimenId = SharedSpecimenId | FeatureSpecimenId;

export type GalleryEntry =
  | { kind: 'shared' | 'feature' | 'absent'; specimen: SpecimenId }
  | { kind: 'elsewhere'; specimen: SpecimenId; seeAlso: string };

const shared = (specimen: SharedSpecimenId): GalleryEntry => ({ kind: 'shared', specimen });
const feature = (specimen: FeatureSpecimenId): GalleryEntry => ({ kind: 'feature', specimen });
const absent = (specimen: SpecimenId): GalleryEntry => ({ kind: 'absent', specimen });
const elsewhere = (seeAlso: string, specimen: SpecimenId): GalleryEntry => ({ kind: 'elsewhere', specimen, seeAlso });

/** Keyed by path; a test checks it covers GALLERY_LINKS exactly. */
export const GALLERY_ENTRIES: Record<string, GalleryEntry> = {
  '/components/tabs': absent('menuButton'),
  '/components/accordions': elsewhere('/pages/faq', 'popover'),
  '/components/modals': shared('dialogs'),
  '/components/cards': shared('card'),
  '/components/carousel': absent('card'),
  '/components/countdown': absent('dialogs'),
  '/components/counter': absent('typography'),
  '/components/sweetalert': shared('dialogs'),
  '/components/timeline': feature('rfiTimeline'),
  '/components/notifications': shared('alert'),
  '/components/media-object': absent('upload'),
  '/components/list-group': feature('providerList'),
  '/components/pricing-table': absent('card'),
  '/components/lightbox': absent('dialogs'),

  '/elements/alerts': shared('alert'),
  '/elements/avatar': absent('icons'),
  '/elements/badges': feature('queueTable'),
  '/elements/breadcrumbs': elsewhere('/documents', 'stepList'),
  '/elements/buttons': shared('button'),
  '/elements/buttons-group': absent('button'),
  '/elements/color-library': shared('colors'),
  '/elements/dropdown': shared('menuButton'),
  '/elements/infobox': shared('alert'),
  '/elements/jumbotron': elsewhere('/', 'typography'),
  '/elements/loader': shared('spinner'),
  '/elements/pagination': elsewhere('/staff', 'queueTable'),
  '/elements/popovers': shared('popover'),
  '/elements/progress-bar': elsewhere('/documents', 'upload'),
  '/elements/search': elsewhere('/ProviderSearch', 'textField'),
  '/elements/tooltips': absent('popover'),
  '/elements/treeview': absent('stepList'),
  '/elements/typography': shared('typography'),

  '/tables': feature('queueTable'),
  '/datatables/basic': feature('queueTable'),
  '/datatables/advanced': feature('queueTable'),
  '/datatables/skin': absent('queueTable'),
  '/datatables/order-sorting': feature('queueTable'),
  '/datatables/columns-filter': elsewhere('/staff', 'queueTable'),
  '/datatables/multi-column': absent('queueTable'),
  '/datatables/multiple-tables': absent('queueTable'),
  '/datatables/alt-pagination': elsewhere('/staff', 'queueTable'),
  '/datatables/checkbox': absent('queueTable'),
  '/datatables/range-search': absent('queueTable'),
  '/datatables/export': absent('queueTable'),
  '/datatables/sticky-header': absent('queueTable'),
  '/datatables/clone-header': absent('queueTable'),
  '/datatables/column-chooser': absent('queueTable'),

  '/forms/basic': shared('textField'),
  '/forms/input-group': absent('textField'),
  '/forms/layouts': shared('textField'),
  '/forms/validation': shared('validation'),
  '/forms/input-mask': absent('textField'),
  '/forms/select2': absent('menuButton'),
  '/forms/touchspin': absent('textField'),
  '/forms/checkbox-radio': elsewhere('/registeredapplication', 'textField'),
  '/forms/switches': absent('button'),
  '/forms/wizards': feature('stepList'),
  '/forms/file-upload': shared('upload'),
  '/forms/quill-editor': absent('textField'),
  '/forms/markdown-editor': absent('textField'),
  '/forms/date-picker': absent('textField'),
  '/forms/clipboard': absent('button'),

  '/dragndrop': shared('upload'),
  '/charts': elsewhere('/analytics', 'queueTable'),
  '/font-icons': shared('icons'),
  '/widgets': elsewhere('/dashboard', 'card'),
};
