/**
 * The gallery's pages: the template's demo routes (spec section 2) that show the portal's own
 * components. Paths only, no React, so the router and the header menu can list them without
 * loading the gallery; a page's title is `gallery.titles.<section>.<slug>`.
 */
export const GALLERY_SECTIONS = [
  {
    id: 'components',
    base: '/components/',
    slugs: [
      'tabs',
      'accordions',
      'modals',
      'cards',
      'carousel',
      'countdown',
      'counter',
      'sweetalert',
      'timeline',
      'notifications',
      'media-object',
      'list-group',
      'pricing-table',
      'lightbox',
    ],
  },
  {
    id: 'elements',
    base: '/elements/',
    slugs: [
      'alerts',
      'avatar',
      'badges',
      'breadcrumbs',
      'buttons',
      'buttons-group',
      'color-library',
      'dropdown',
      'infobox',
      'jumbotron',
      'loader',
      'pagination',
      'popovers',
      'progress-bar',
      'search',
      'tooltips',
      'treeview',
      'typography',
    ],
  },
  { id: 'tables', base: '/', slugs: ['tables'] },
  {
    id: 'datatables',
    base: '/datatables/',
    slugs: [
      'basic',
      'advanced',
      'skin',
      'order-sorting',
      'columns-filter',
      'multi-column',
      'multiple-tables',
      'alt-pagination',
      'checkbox',
      'range-search',
      'export',
      'sticky-header',
      'clone-header',
      'column-chooser',
    ],
  },
  {
    id: 'forms',
    base: '/forms/',
    slugs: [
      'basic',
      'input-group',
      'layouts',
      'validation',
      'input-mask',
      'select2',
      'touchspin',
      'checkbox-radio',
      'switches',
      'wizards',
      'file-upload',
      'quill-editor',
      'markdown-editor',
      'date-picker',
      'clipboard',
    ],
  },
  { id: 'more', base: '/', slugs: ['dragndrop', 'charts', 'font-icons', 'widgets'] },
] as const;

export type GallerySectionId = (typeof GALLERY_SECTIONS)[number]['id'];

export interface GalleryLink {
  section: GallerySectionId;
  slug: string;
  path: string;
  /** i18n key of the page's title (and its menu label). */
  titleKey: string;
}

/** Every gallery page, in menu order. */
export const GALLERY_LINKS: GalleryLink[] = GALLERY_SECTIONS.flatMap((section) =>
  section.slugs.map((slug) => ({
    section: section.id,
    slug,
    path: `${section.base}${slug}`,
    titleKey: `gallery.titles.${section.id}.${slug}`,
  })),
);
