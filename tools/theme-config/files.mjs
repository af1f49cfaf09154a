// The seven theme kit config files (document 001, "What the service does"): the codegen's roots.
// The package keeps the same table in src/files.ts; a test checks the two agree.

/** Where the published schemas live (the `$id` prefix). */
export const SCHEMA_BASE_URL = 'https://unpkg.com/@commerce-kit/theme-config/dist/schemas/';

export const THEME_FILES = Object.freeze(
  [
    {
      kind: 'store',
      fileName: 'store.stk.config.json',
      rootType: 'StoreConfigFile',
      shape: 'object',
      validatorName: 'validateStore',
      description: 'Mock store settings of the theme kit (IStoreConfig).',
    },
    {
      kind: 'page',
      fileName: 'page.stk.config.json',
      rootType: 'PageConfigFile',
      shape: 'object',
      validatorName: 'validatePage',
      description: 'The theme kit mock page (IPageConfig).',
    },
    {
      kind: 'blog',
      fileName: 'blog.stk.config.json',
      rootType: 'BlogConfigFile',
      shape: 'array',
      validatorName: 'validateBlog',
      description: 'The theme kit mock blog articles (an array of IArticleConfig).',
    },
    {
      kind: 'categories',
      fileName: 'categories.stk.config.json',
      rootType: 'CategoriesConfigFile',
      shape: 'array',
      validatorName: 'validateCategories',
      description: 'The theme kit mock categories (an array of ICategoryConfig).',
    },
    {
      kind: 'editable-regions',
      fileName: 'editable-regions.stk.config.json',
      rootType: 'EditableRegionsConfigFile',
      shape: 'array',
      validatorName: 'validateEditableRegions',
      description: 'The theme kit editable regions and their blocks (an array of IEditableRegionConfig).',
    },
    {
      kind: 'menus',
      fileName: 'menus.stk.config.json',
      rootType: 'MenusConfigFile',
      shape: 'array',
      validatorName: 'validateMenus',
      description: 'The theme kit mock menus (an array of IMenuConfig).',
    },
    {
      kind: 'pagination',
      fileName: 'pagination.stk.config.json',
      rootType: 'PaginationConfigFile',
      shape: 'object',
      validatorName: 'validatePagination',
      description: 'The theme kit mock paginator (IPaginationConfig).',
    },
  ].map((file) => Object.freeze({ ...file, schemaFile: file.fileName.replace(/\.json$/, '.schema.json') })),
);
