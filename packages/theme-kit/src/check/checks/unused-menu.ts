/** `unused-menu`: the configured menus are used by the templates. */
import { suggestion } from '../fixes.js';
import { defineCheck } from './check.js';

export const unusedMenu = defineCheck({
  code: 'unused-menu',
  severity: 'warning',
  description: 'A configured menu no template uses.',
  run(context) {
    const { values } = context;
    if (!values.hasMenus || context.incomplete) return;
    const menus = context.menus();
    if (menus.dynamic) return;
    for (const menu of values.menuNames) {
      if (menus.used.has(menu.value)) continue;
      context.report({
        severity: 'warning',
        code: 'unused-menu',
        message: `the menu \`${menu.value}\` is configured, but no template uses it (menus['${menu.value}'])`,
        file: menu.file,
        line: menu.line,
        column: menu.column,
        pointer: menu.pointer,
        ...suggestion(menu.value, menus.used.keys()),
      });
    }
  },
});
