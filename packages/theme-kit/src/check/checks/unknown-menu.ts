/** `unknown-menu`: the menus templates use exist (in `menus.stk.config.json`, or the default ones). */
import type { Location } from '../context.js';
import { at, didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';

/** The default menus the mock store has when `menus.stk.config.json` is absent. */
export const DEFAULT_MENUS: readonly string[] = ['main-menu', 'footer-menu'];

/** How far after `menus` its quoted name may stand (`menus[ 'name' ]`). */
const NAME_WINDOW = 40;

export const unknownMenu = defineCheck({
  code: 'unknown-menu',
  severity: 'warning',
  description: 'A menu the templates use that `menus.stk.config.json` does not configure.',
  run(context) {
    const { values } = context;
    const available = new Set(values.hasMenus ? values.menuNames.map((m) => m.value) : DEFAULT_MENUS);
    for (const [name, use] of context.menus().used) {
      if (available.has(name)) continue;
      const file = use.file ?? '';
      let span: Location | undefined;
      const text = use.pointer ? undefined : context.textOf(file);
      if (text !== undefined) {
        const from = context.positions.offset(text, use.line, use.column);
        const window = text.slice(from, from + NAME_WINDOW + name.length);
        const found = Math.max(window.indexOf(`'${name}'`), window.indexOf(`"${name}"`));
        if (found >= 0)
          span = {
            file,
            pointer: '',
            ...context.positions.span(text, from + found + 1, from + found + 1 + name.length),
          };
      }
      const { suggestion, fix } = didYouMeanFix(context, span, name, available);
      context.report({
        severity: 'warning',
        code: 'unknown-menu',
        message: `the menu \`${name}\` is used, but ${values.hasMenus ? 'menus.stk.config.json does not configure it' : `the default menus are only ${DEFAULT_MENUS.join(' and ')}`}, so it renders empty`,
        ...at({ file, line: use.line, column: use.column, pointer: use.pointer ?? '' }),
        ...(suggestion ? { suggestion } : {}),
        ...(fix ? { fixes: [fix] } : {}),
      });
    }
  },
});
