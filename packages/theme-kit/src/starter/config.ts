/**
 * The starter theme's seven config files: a small outdoor store whose home page region uses every one of
 * the 18 block types. Typed with the config files' own types, so a change of the format shows here.
 */
import { SCHEMA_BASE_URL, type ConfigFile } from '@commerce-kit/theme-config';

const schema = (kind: string): string => `${SCHEMA_BASE_URL}${kind}.stk.config.schema.json`;

const common = { background_type: 'none', enable_header: false, height: 1, width: 100 } as const;

const store = {
  $schema: schema('store'),
  storeName: 'Northwind Supply Co.',
  storeDescription: 'Trail gear, camp kitchens and good coffee, shipped from the coast.',
  icon: 'assets/favicon.svg',
  logo: 'assets/logo.svg',
  useLogo: false,
  language: 'en-US',
  currencyCode: 'USD',
  showCurrency: true,
  cardsEnabled: true,
  sharingEnabled: true,
  showCookieBanner: true,
  viewAsOwner: false,
  instagramUrl: 'https://www.instagram.com/northwind.supply',
  twitterUrl: 'https://twitter.com/northwindsupply',
  pinterestUrl: 'https://www.pinterest.com/northwindsupply',
  youtubeUrl: 'https://www.youtube.com/@northwindsupply',
} satisfies ConfigFile<'store'> & { $schema: string };

const page = {
  $schema: schema('page'),
  title: 'Home',
  metaDescription: 'Trail gear, camp kitchens and good coffee from Northwind Supply Co.',
  template: 'index',
} satisfies ConfigFile<'page'> & { $schema: string };

const blog: ConfigFile<'blog'> = [
  {
    title: 'Packing for a three-day hike',
    metaDescription: 'What goes in, what stays home.',
    content:
      '<p>Start with the big three: shelter, sleep system and pack. Everything else fits around them.</p><ul><li>Layers, not bulk</li><li>Two ways to make fire</li><li>One spare pair of socks per day</li></ul>',
    createdTime: '2024-04-02T08:00:00Z',
    publishedTime: '2024-04-03T08:00:00Z',
    tags: ['guides', 'hiking'],
  },
  {
    title: 'Our new roastery opens',
    metaDescription: 'Fresh beans every Tuesday.',
    content: '<p>We roast small batches every Tuesday and ship them the same afternoon.</p>',
    createdTime: '2024-05-10T09:00:00Z',
    publishedTime: '2024-05-12T09:00:00Z',
    tags: ['news', 'coffee'],
  },
  {
    title: 'Camp kitchen basics',
    metaDescription: 'A stove, a pot and a plan.',
    content: '<p>A good camp kitchen is mostly a good plan: prep at home, cook once, clean as you go.</p>',
    createdTime: '2024-06-01T07:30:00Z',
    publishedTime: '2024-06-01T07:30:00Z',
    tags: ['guides', 'cooking'],
  },
];

const categories: ConfigFile<'categories'> = [
  { title: 'Trail gear', description: 'Packs, shelters and everything that keeps you going.', numItems: 8 },
  { title: 'Camp kitchen', description: 'Stoves, pots and mugs that survive the trail.', numItems: 6 },
  {
    title: 'Coffee',
    description: 'Roasted on Tuesdays, shipped the same day.',
    numItems: 3,
    items: [
      {
        title: 'Harbor Blend',
        description: 'Chocolate and toasted nuts; our everyday roast.',
        price: 16,
        currency: 'USD',
        sku: 'NW-COF-001',
        quantity: 40,
      },
      {
        title: 'Summit Espresso',
        description: 'Dark, syrupy, made for a moka pot.',
        price: 18.5,
        currency: 'USD',
        sku: 'NW-COF-002',
        quantity: 12,
      },
      {
        title: 'Decaf Drift',
        description: 'All of the cup, none of the buzz.',
        price: 15,
        currency: 'USD',
        sku: 'NW-COF-003',
        quantity: 0,
      },
    ],
  },
];

const regions: ConfigFile<'editable-regions'> = [
  {
    regionName: 'home',
    rawMarkup: '<p class="region-note">Free shipping on orders over {{ 75 | money }} from {{ store.storeName }}.</p>',
    blocks: [
      {
        type: 'image-with-text-overlay',
        props: {
          settings: {
            src: 'assets/hero.svg',
            text: 'Gear for the long way round.',
            color_text: '#ffffff',
            image_position: 'column-left',
            image_style: 'cover',
            action: 'link',
            link_url: '/categories/trail-gear',
            link_target: false,
            background_type: 'none',
            overlay: true,
            overlay_color: '#1f2328',
            overlay_opacity: 35,
            alignment: 'center',
            height: 3,
            width: 100,
          },
        },
      },
      {
        type: 'text',
        props: {
          content: '<h2>Made for the trail</h2><p>Everything we sell is tested on the coast path first.</p>',
          settings: {
            background_type: 'color',
            background_color: '#f4f1ea',
            color_text: '#1f2328',
            height: 1,
            width: 100,
          },
        },
      },
      {
        type: 'grid',
        props: {
          settings: { ...common, columns: 3, remove_margins: false, vertical_alignment: 'middle' },
          columns: [
            {
              name: 'column_1',
              blocks: [
                {
                  type: 'image',
                  props: {
                    settings: { ...common, src: 'assets/hero.svg', alt: 'The coast path at dusk', link_active: false },
                  },
                },
              ],
            },
            {
              name: 'column_2',
              blocks: [
                {
                  type: 'quote',
                  props: {
                    settings: {
                      ...common,
                      quote: 'The best pack I have carried in twenty years.',
                      cite: 'A very tired hiker',
                      color_text: '#2f6f5e',
                    },
                  },
                },
              ],
            },
            {
              name: 'column_3',
              blocks: [
                {
                  type: 'button',
                  props: {
                    settings: {
                      action: 'link',
                      alignment: 'center',
                      height: 1,
                      link_url: '/blog',
                      link_target: false,
                      style: 'primary',
                      text: 'Read the blog',
                      auto_width: true,
                    },
                  },
                },
              ],
            },
          ],
        },
      },
      {
        type: 'featured-category',
        props: { settings: { ...common, enable_header: true, header_text: 'Trail favourites', per_row: 4, rows: 1 } },
      },
      {
        type: 'category-list',
        props: {
          settings: {
            background_type: 'none',
            enable_header: true,
            header_text: 'Shop by category',
            height: 1,
            width: 100,
            per_row: 3,
            rows: 1,
          },
        },
      },
      {
        type: 'featured-product',
        props: {
          settings: {
            ...common,
            enable_header: true,
            header_text: 'Staff pick',
            action: 'view-item',
            text: 'See the details',
          },
        },
      },
      {
        type: 'button',
        props: {
          settings: {
            action: 'add-to-cart',
            alignment: 'center',
            height: 1,
            style: 'secondary',
            text: 'Add a bag of Harbor Blend',
            auto_width: true,
            item: { title: 'Harbor Blend' },
          },
        },
      },
      { type: 'divider', props: { settings: { background_type: 'none', divider_color: '#d9d3c5', thickness: 2 } } },
      {
        type: 'blog',
        props: {
          settings: {
            ...common,
            enable_header: true,
            header_text: 'Guides',
            tag: 'guides',
            page_size: 2,
            paginate: false,
          },
        },
      },
      {
        type: 'video',
        // Local placeholder media (the page renders complete offline); `type: 'youtube'` and a `url` embed a
        // YouTube video (youtube-nocookie.com), `type: 'vimeo'` a Vimeo one.
        props: { settings: { ...common, type: 'html5', src: 'assets/chime.wav', poster: 'assets/hero.svg' } },
      },
      {
        type: 'audio',
        props: {
          settings: {
            background_type: 'none',
            height: 0,
            width: 100,
            src: 'assets/chime.wav',
            enable_header: true,
            header_text: 'The roastery bell',
          },
        },
      },
      {
        type: 'map',
        // No `url`: the map block draws a placeholder in the page (the store renders complete offline). Give it
        // an embed URL (`url: 'https://www.openstreetmap.org/export/embed.html?bbox=...'`) to show a real map.
        props: { settings: { ...common, alignment: 'center', height: 2 } },
      },
      {
        type: 'social-feed',
        props: {
          type: 'social-instagram',
          settings: { background_type: 'none', height: 1, width: 100, alignment: 'center', count: 6, feed_logo: true },
        },
      },
      {
        type: 'social-links',
        props: {
          settings: {
            background_type: 'none',
            height: 0,
            width: 100,
            alignment: 'center',
            social_color_active: true,
            social_link_color: '#2f6f5e',
            social_link_size: 2,
          },
        },
      },
      {
        type: 'html',
        props: {
          settings: {
            ...common,
            html: '<p style="text-align:center">Questions? <a href="mailto:hello@example.com">hello@example.com</a></p>',
          },
        },
      },
      {
        type: 'image',
        props: {
          settings: {
            ...common,
            src: 'assets/hero.svg',
            alt: 'Hills over the harbour',
            link_active: true,
            link_url: '/categories/trail-gear',
            link_target: false,
            width: 60,
            alignment: 'center',
          },
        },
      },
      {
        type: 'quote',
        props: {
          settings: {
            ...common,
            quote: 'Coffee tastes better outside.',
            cite: 'Everyone at Northwind',
            font_size: '1.5rem',
          },
        },
      },
      {
        type: 'image-with-text',
        props: {
          settings: {
            src: 'assets/hero.svg',
            text: 'Roasted on Tuesdays, shipped the same afternoon.',
            image_position: 'column-right',
            image_style: 'cover',
            background_type: 'color',
            background_color: '#f4f1ea',
            color_text: '#1f2328',
            action: 'view-item',
            item: { title: 'Summit Espresso' },
            alignment: 'center',
            height: 2,
            width: 100,
          },
        },
      },
    ],
  },
];

const menus: ConfigFile<'menus'> = [
  {
    name: 'main-menu',
    links: [
      { title: 'Home' },
      { title: 'Shop', children: [{ title: 'Trail gear' }, { title: 'Camp kitchen' }, { title: 'Coffee' }] },
      { title: 'Blog' },
    ],
  },
  { name: 'footer-menu', links: [{ title: 'Blog' }, { title: 'Coffee' }, { title: 'Packing for a three-day hike' }] },
];

const pagination = { $schema: schema('pagination'), numPages: 3, currentPage: 1 } satisfies ConfigFile<'pagination'> & {
  $schema: string;
};

/** File name -> contents of the seven config files. */
export const STARTER_CONFIG: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['store.stk.config.json', store],
  ['page.stk.config.json', page],
  ['blog.stk.config.json', blog],
  ['categories.stk.config.json', categories],
  ['editable-regions.stk.config.json', regions],
  ['menus.stk.config.json', menus],
  ['pagination.stk.config.json', pagination],
]);
