import { describe, expect, it } from 'vitest';
import { validateConfigText } from '../src/index.js';

const utf16le = (text: string, bom: boolean): Uint8Array => {
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array(bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body);
};

describe('file encodings', () => {
  it.each([
    ['UTF-16 LE with a BOM (PowerShell Out-File)', utf16le('{"numPages":1,"currentPage":1}', true)],
    ['UTF-16 LE without a BOM', utf16le('{"numPages":1,"currentPage":1}', false)],
    ['UTF-16 BE with a BOM', new Uint8Array(Buffer.from([0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d]))],
  ])('%s is invalid-encoding naming UTF-16', (_name, bytes) => {
    expect(validateConfigText('pagination', bytes).diagnostics).toEqual([
      {
        severity: 'error',
        code: 'invalid-encoding',
        message: 'the file is UTF-16 text, not UTF-8; save it as UTF-8',
        pointer: '',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('UTF-8 with and without a BOM is fine; Latin-1 names the bad byte', () => {
    const json = '{"numPages":1,"currentPage":1,"nextTitle":"Nächste"}';
    expect(validateConfigText('pagination', new Uint8Array(Buffer.from(json))).valid).toBe(true);
    expect(
      validateConfigText(
        'pagination',
        new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)])),
      ).valid,
    ).toBe(true);
    const latin1 = validateConfigText('pagination', new Uint8Array(Buffer.from(json, 'latin1')));
    expect(latin1.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-encoding', line: 1, column: 45 })]);
    expect(latin1.diagnostics[0]?.message).toContain('0xe4');
  });
});
