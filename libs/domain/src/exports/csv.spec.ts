import { csvField, csvLine } from './csv.js';

describe('CSV quoting', () => {
  it('leaves plain fields bare and empties null', () => {
    expect(csvLine(['abc', '10.5', null, '0xAbC'])).toBe('abc,10.5,,0xAbC\r\n');
  });

  it('quotes commas, quotes, CR and LF and doubles inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses fields a spreadsheet would evaluate as formulas', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('1-2')).toBe('1-2');
  });
});
