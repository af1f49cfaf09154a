/** The starter set `theme-config init` writes: all seven files, valid, without warnings. */
import { SCHEMA_BASE_URL, THEME_FILES, type ConfigKind } from '../files.js';

const schemaUrl = (kind: ConfigKind): string => `${SCHEMA_BASE_URL}${kind}.stk.config.schema.json`;

/** Contents of each starter file (object files start with a `$schema` line; arrays cannot hold one). */
export function starterContents(kind: ConfigKind): unknown {
  switch (kind) {
    case 'store':
      return {
        $schema: schemaUrl(kind),
        storeName: 'My Store',
        storeDescription: 'A store for trying out this theme.',
        icon: 'assets/favicon.png',
        language: 'en-US',
        currencyCode: 'USD',
        cardsEnabled: true,
        sharingEnabled: true,
        showCookieBanner: false,
        showCurrency: true,
        useLogo: false,
        viewAsOwner: false,
      };
    case 'page':
      return { $schema: schemaUrl(kind), title: 'Home', metaDescription: 'Welcome to my store.', template: 'index' };
    case 'blog':
      return [
        {
          title: 'Hello world',
          metaDescription: 'Our first post.',
          content: '<p>Welcome to our blog.</p>',
          createdTime: '2024-01-15T09:00:00Z',
          tags: ['news'],
        },
      ];
    case 'categories':
      return [{ title: 'New arrivals', description: 'The latest products.', numItems: 4 }];
    case 'editable-regions':
      return [
        {
          regionName: 'main',
          blocks: [
            {
              type: 'text',
              props: {
                content: '<p>Edit this text in editable-regions.stk.config.json.</p>',
                settings: { background_type: 'none', height: 2, width: 100 },
              },
            },
          ],
        },
      ];
    case 'menus':
      return [
        { name: 'main-menu', links: [{ title: 'Home' }, { title: 'Shop', children: [{ title: 'New arrivals' }] }] },
        { name: 'footer-menu', links: [{ title: 'About us' }] },
      ];
    case 'pagination':
      return { $schema: schemaUrl(kind), numPages: 5, currentPage: 1 };
  }
}

/** File name -> text of the whole starter set. */
export function starterFiles(): Map<string, string> {
  return new Map(THEME_FILES.map((f) => [f.fileName, `${JSON.stringify(starterContents(f.kind), null, 2)}\n`]));
}
