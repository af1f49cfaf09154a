// A generated theme of about 200 Liquid files for the benchmarks: the starter theme `theme-kit init` writes
// (layout, 6 templates, 5 snippets, assets, the seven config files), plus TEMPLATES page templates and
// SNIPPETS snippets written like the starter's: sections over the contract's objects (store, categories
// and their items, articles, menus, paginator, request), loops, conditions, assign and capture, the
// store's filters (money, image_url, date, escape, ...), and `render` of the snippets with parameters;
// snippets render other snippets. `theme-kit check` finds no problem in it (the benchmark checks that).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TEMPLATES = 100;
export const SNIPPETS = 100;

/** The name of generated snippet `i`. */
export const snippetName = (i) => `part-${String(i).padStart(3, '0')}`;
/** The theme-relative path of generated template `i`. */
export const templatePath = (i) => `templates/page-${String(i).padStart(3, '0')}.liquid`;

const SECTIONS = [
  // A category grid, each category's first products through a snippet.
  (i, render) => `<section class="section categories-${i}">
  <h2>{{ store.storeName | escape }}: shop by category</h2>
  <div class="card-grid">
    {%- for category in categories limit: ${4 + (i % 5)} -%}
      <a class="category-card" href="{{ category.url }}">
        <strong>{{ category.title | upcase }}</strong>
        <span>{{ category.items.size }} products</span>
      </a>
      {%- for product in category.items limit: 3 -%}
        ${render(0, 'product: product, category: category')}
      {%- endfor -%}
    {%- endfor -%}
  </div>
</section>`,
  // Products of the current category with prices and a paginator.
  (i, render) => `<section class="section product-list-${i}">
  {%- assign shown = category.items | size -%}
  <h2>{{ category.title | default: 'Products' }} ({{ shown }})</h2>
  {%- if category.description != blank -%}<p>{{ category.description | strip_html | truncate: 140 }}</p>{%- endif -%}
  <ul class="product-grid">
    {%- for product in category.items -%}
      <li class="{% cycle 'odd', 'even' %}">
        <a href="{{ product.url }}">{{ product.title | escape }}</a>
        <span class="price">{{ product.price | money: product.currency }}</span>
        {%- if forloop.first -%}${render(1, 'product: product')}{%- endif -%}
      </li>
    {%- else -%}
      <li>No products yet.</li>
    {%- endfor -%}
  </ul>
  {%- if paginator.numPages > 1 -%}
    <nav class="paginator">
      {%- for p in paginator.pages -%}
        {%- if p.isCurrent -%}<span>{{ p.number }}</span>{%- else -%}<a href="{{ p.url }}">{{ p.number }}</a>{%- endif -%}
      {%- endfor -%}
    </nav>
  {%- endif -%}
</section>`,
  // The latest articles with dates and excerpts.
  (i, render) => `<section class="section articles-${i}">
  <h2>From the blog</h2>
  {%- capture intro -%}{{ store.storeDescription | strip_html | truncatewords: 12 }}{%- endcapture -%}
  <p>{{ intro }}</p>
  <ul class="article-list">
    {%- for article in articles limit: ${3 + (i % 4)} -%}
      <li>
        <a href="{{ article.url }}">{{ article.title | escape }}</a>
        <time datetime="{{ article.publishedTime }}">{{ article.publishedTime | date: '%B %-d, %Y' }}</time>
        ${render(2, 'article: article')}
      </li>
    {%- endfor -%}
  </ul>
</section>`,
  // The main menu, nested links, the request's path.
  (i) => `<nav class="section menu-${i}" aria-label="Menu ${i}">
  <ul>
    {%- for link in menus['main-menu'].links -%}
      <li{% if link.children.size > 0 %} class="has-children"{% endif %}>
        <a href="{{ link.url }}"{% if link.url == request.path %} aria-current="page"{% endif %}>{{ link.title }}</a>
        {%- if link.children.size > 0 -%}
          <ul>{%- for child in link.children -%}<li><a href="{{ child.url }}">{{ child.title }}</a></li>{%- endfor -%}</ul>
        {%- endif -%}
      </li>
    {%- endfor -%}
  </ul>
</nav>`,
  // The store's own fields, conditions and a case.
  (i, render) => `<section class="section store-${i}">
  {%- if store.useLogo and store.logo -%}
    <img src="{{ store.logo | image_url }}" alt="{{ store.storeName | escape }}" height="40">
  {%- else -%}
    <h2>{{ store.storeName }}</h2>
  {%- endif -%}
  {%- case store.currencyCode -%}
    {%- when 'EUR' -%}<p>Prices in euros.</p>
    {%- when 'USD' -%}<p>Prices in dollars.</p>
    {%- else -%}<p>Prices in {{ store.currencyCode }}.</p>
  {%- endcase -%}
  {%- unless store.showCookieBanner == false -%}${render(3, '')}{%- endunless -%}
  <p>{{ page.title | escape }}: {{ page.metaDescription | escape }}</p>
</section>`,
];

/** Generated template `i`: five sections, each rendering the snippets `snippet(i, k)` names. */
function template(i) {
  const render = (k, args) => `{% render '${snippetName((i * 5 + k * 17) % SNIPPETS)}'${args ? `, ${args}` : ''} %}`;
  const sections = SECTIONS.map((_, k) => SECTIONS[(i + k) % SECTIONS.length](i, render));
  return `{%- comment -%} Generated page template ${i} (bench/theme-kit/generated-theme.mjs). {%- endcomment -%}
<section class="intro">
  <h1>{{ page.title | default: store.storeName }}</h1>
  <p>{{ store.storeDescription }}</p>
</section>

${sections.join('\n\n')}
`;
}

/** Generated snippet `i`: a card over what it is given; every tenth renders another snippet. */
function snippet(i) {
  const next = i % 10 === 0 && i + 1 < SNIPPETS ? `\n  {% render '${snippetName(i + 1)}', product: product %}` : '';
  return `{%- comment -%} Generated snippet ${i}: render '${snippetName(i)}', product: product, category: category, article: article {%- endcomment -%}
<div class="card card-${i}">
  {%- if category -%}<h3>{{ category.title | escape }}</h3>{%- endif -%}
  {%- if product -%}
    <a class="product-card" href="{{ product.url }}">
      {%- if product.featuredImage -%}<img src="{{ product.featuredImage | image_url }}" alt="{{ product.title | escape }}" loading="lazy">{%- endif -%}
      <span class="product-title">{{ product.title | truncate: 40 }}</span>
      <span class="price">{{ product.price | money: product.currency }}</span>
    </a>
  {%- elsif article -%}
    <p>{{ article.title | escape }} <small>{{ article.publishedTime | date: '%b %-d' }}</small></p>
  {%- else -%}
    <p>{{ store.storeName | append: ' ' | append: store.currencyCode }}</p>
  {%- endif -%}${next}
</div>
`;
}

/**
 * Writes the starter theme (by the CLI at `cli`) and the generated files into `dir`; returns the
 * theme-relative paths of the Liquid files it generated.
 */
export function writeGeneratedTheme(cli, dir) {
  execFileSync(process.execPath, [cli, 'init', dir], { stdio: 'ignore' });
  const written = [];
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
    written.push(rel);
  };
  for (let i = 0; i < TEMPLATES; i++) write(templatePath(i), template(i));
  for (let i = 0; i < SNIPPETS; i++) write(`snippets/${snippetName(i)}.liquid`, snippet(i));
  return written;
}
