import { describe, expect, it } from 'vitest';
import { DumpFormatError, portableDump } from './dump-text';

const pg15 = `--
-- PostgreSQL database dump
--

\\restrict AbC123

-- Dumped from database version 15.20

SET statement_timeout = 0;
SET transaction_timeout = 0;
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET row_security = off;

INSERT INTO public.comments (id, content) VALUES
\t(1, 'line one
\\unrestrict AbC123
\\unrestrict other');

--
-- PostgreSQL database dump complete
--

\\unrestrict AbC123

`;

describe('portableDump', () => {
  it("replaces pg_dump's header and drops only its own closing guard line", () => {
    const { script, standardConformingStrings } = portableDump(pg15);
    expect(standardConformingStrings).toBe('on');
    expect(script).not.toContain('transaction_timeout');
    expect(script).not.toContain('\\restrict AbC123');
    expect(script.startsWith('BEGIN;\n')).toBe(true);
    expect(script.trimEnd().endsWith('COMMIT;')).toBe(true);
    // A row's text that looks like the guard line stays: only the last one, after the data, is pg_dump's.
    expect(script).toContain("'line one\n\\unrestrict AbC123\n\\unrestrict other'");
    expect(script.match(/\\unrestrict AbC123/g)).toHaveLength(1);
  });

  it('keeps the literal mode the dump was written in', () => {
    expect(portableDump("SET standard_conforming_strings = off;\nSET row_security = off;\nINSERT INTO t VALUES ('a\\\\b');\n").standardConformingStrings).toBe('off');
  });

  it('refuses output it does not know', () => {
    expect(() => portableDump('INSERT INTO t VALUES (1);')).toThrow(DumpFormatError);
  });
});
