// `menuNames`: the menu identifiers a theme's templates use make those names known menus.
import { describe, expect, it } from 'vitest';
import { validateConfig, validateConfigText } from '../src/index.js';

const MENUS = [
  { name: 'main-menu', links: [] },
  { name: 'sidebar-menu', links: [] },
  { name: 'sidebar-manu', links: [] },
];

describe('menuNames', () => {
  it('without it, only main-menu and footer-menu are known', () => {
    const { diagnostics } = validateConfig('menus', MENUS);
    expect(diagnostics.map((d) => [d.code, d.pointer, d.message])).toEqual([
      [
        'unknown-menu-name',
        '/1/name',
        'menu name `sidebar-menu` matches no template menu (`main-menu` or `footer-menu`)',
      ],
      [
        'unknown-menu-name',
        '/2/name',
        'menu name `sidebar-manu` matches no template menu (`main-menu` or `footer-menu`)',
      ],
    ]);
  });

  it('with the names the templates use, those are known too, and the nearest one is suggested', () => {
    const text = JSON.stringify(MENUS, null, 2);
    const { diagnostics } = validateConfigText('menus', text, { menuNames: ['sidebar-menu'] });
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'unknown-menu-name',
        message: 'menu name `sidebar-manu` matches no template menu (`main-menu`, `footer-menu`, `sidebar-menu`)',
        pointer: '/2/name',
        line: 11,
        column: 5,
        suggestion: 'did you mean `sidebar-menu`?',
      },
    ]);
  });

  it('an empty list changes nothing, and any iterable will do', () => {
    expect(validateConfig('menus', MENUS, { menuNames: [] }).diagnostics).toHaveLength(2);
    expect(
      validateConfig('menus', MENUS, { menuNames: new Set(['sidebar-menu', 'sidebar-manu']) }).diagnostics,
    ).toEqual([]);
  });
});
