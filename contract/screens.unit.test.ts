import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { memberOnlyScreens, screenPaths, screens, type ScreenName } from './screens';

const root = path.resolve(import.meta.dirname, '..');

function parse(file: string): ts.SourceFile {
  const text = fs.readFileSync(path.resolve(root, file), 'utf8');
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Does `path` (no query, no hash) match the wouter pattern? */
function matches(pattern: string, location: string): boolean {
  const want = pattern.split('/');
  const got = location.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

describe('the router', () => {
  /** Each `<Route path={…}>` of App.tsx, as source text ('<none>' for the catch-all). */
  function routePaths(): string[] {
    const out: string[] = [];
    walk(parse('client/src/App.tsx'), (node) => {
      if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'Route') {
        const attr = node.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === 'path');
        out.push(attr?.initializer ? attr.initializer.getText() : '<none>');
      }
    });
    return out;
  }

  it('takes every route pattern from the table', () => {
    const paths = routePaths().filter((p) => p !== '<none>');
    const names = Object.keys(screenPaths).map((name) => `{screenPaths.${name}}`);
    expect(paths.filter((p) => !names.includes(p))).toEqual([]);
  });

  it('has a route for every screen of the table', () => {
    const used = new Set(routePaths());
    expect(Object.keys(screenPaths).filter((name) => !used.has(`{screenPaths.${name}}`))).toEqual([]);
  });

  it('keeps the spec route table: what needs sign-in, and the two spellings of a folder', () => {
    expect(memberOnlyScreens.map((name) => screenPaths[name])).toEqual([
      '/profile', '/profile/:id', '/folder/:id', '/folders/:id', '/file/:id', '/search', '/notifications', '/admin', '/settings', '/share',
    ]);
    expect(matches(screenPaths.folderAfterInvite, '/folders/7')).toBe(true);
  });
});

describe('screen links', () => {
  it('fill the route patterns and encode their params', () => {
    expect(screens.home()).toBe('/');
    expect(screens.folder(4)).toBe('/folder/4');
    expect(screens.file('12')).toBe('/file/12');
    expect(screens.profile(3)).toBe('/profile/3');
    expect(screens.profile()).toBe('/profile');
    expect(screens.invite('a/b c')).toBe('/invite/a%2Fb%20c');
    expect(() => screens.invite('')).toThrow();
  });

  it('write the query each screen reads, encoded, leaving out what is unset', () => {
    expect(screens.search()).toBe('/search');
    expect(screens.search({ q: 'red & blue' })).toBe('/search?q=red%20%26%20blue');
    expect(screens.search({ q: undefined })).toBe('/search');
    expect(screens.search({ tag: 'new york' })).toBe('/search?tag=new%20york');
    expect(screens.search({ similar: 9 })).toBe('/search?similar=9');
    expect(screens.notifications({ tab: 'messages' })).toBe('/notifications?tab=messages');
    expect(screens.notifications({ user: 5 })).toBe('/notifications?user=5');
    expect(screens.auth()).toBe('/auth');
    expect(screens.auth({ tab: 'login' })).toBe('/auth?tab=login');
    expect(screens.auth({ tab: 'register' })).toBe('/auth?tab=register');
    expect(screens.resetPassword('a+b/c=')).toBe('/reset-password?token=a%2Bb%2Fc%3D');
    expect(screens.unsubscribe('x.y&z')).toBe('/unsubscribe?token=x.y%26z');
  });

  it('name a settings section by its anchor', () => {
    expect(screens.settings()).toBe('/settings');
    expect(screens.settings('data')).toBe('/settings#data');
  });

  it('each lead to a route of the table', () => {
    const samples: Record<keyof typeof screens, string> = {
      home: screens.home(), auth: screens.auth({ tab: 'login' }), resetPassword: screens.resetPassword('t'), about: screens.about(),
      contact: screens.contact(), policy: screens.policy(), settings: screens.settings('data'), profile: screens.profile(1),
      folder: screens.folder(1), file: screens.file(1), search: screens.search({ q: 'x' }), notifications: screens.notifications({ user: 1 }),
      admin: screens.admin(), unsubscribe: screens.unsubscribe('t'), invite: screens.invite('t'), share: screens.share(),
    };
    for (const [name, link] of Object.entries(samples)) {
      const location = link.split(/[?#]/, 1)[0];
      expect(matches(screenPaths[name as ScreenName], location), `${name}: ${link}`).toBe(true);
    }
    expect(matches(screenPaths.ownProfile, screens.profile())).toBe(true);
  });
});

// A screen path spelled outside the table: a string or template that starts with one (`'/folder/`,
// `"/search?`, `` `/profile/ ``), or one after the site's address (`${base}/settings`). Not `/api/…`
// or `/uploads/…`, which are no screens.
const SCREEN_START = /^\/(?:folders?|profile|search|file|auth|settings|notifications|invite|reset-password|unsubscribe|admin|about|contact|policy)(?=[/?#]|$)/;
/** What a template puts a path after when it is a full link: the public URL, an origin. */
const SITE_BEFORE = /(?:base|url|origin|publicUrl)$/i;
/** Where a bare '/' is the home screen: links, redirects and navigations. */
const LINK_ATTRIBUTES = new Set(['href', 'to']);
const NAVIGATIONS = /(?:^|\.)(?:navigate|setLocation|redirect|assign|replace)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** `file:line: text` for each screen path written as a literal in the file. */
function literalScreenPaths(file: string): string[] {
  const source = parse(file);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}: ${node.getText(source)}`);
  };
  walk(source, (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (SCREEN_START.test(node.text)) return report(node);
      if (node.text === '/' && isLinkTarget(node)) report(node);
    } else if (ts.isTemplateExpression(node)) {
      if (SCREEN_START.test(node.head.text)) return report(node);
      if (node.templateSpans.some((span) => SITE_BEFORE.test(span.expression.getText(source)) && SCREEN_START.test(span.literal.text))) report(node);
    }
  });
  return found;
}

function isLinkTarget(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isJsxAttribute(parent)) return LINK_ATTRIBUTES.has(parent.name.getText());
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return LINK_ATTRIBUTES.has(parent.parent.name.getText());
  if (ts.isBinaryExpression(parent) || ts.isConditionalExpression(parent)) return isLinkTarget(parent);
  if (ts.isCallExpression(parent)) return NAVIGATIONS.test(parent.expression.getText());
  if (ts.isPropertyAssignment(parent)) return LINK_ATTRIBUTES.has(parent.name.getText()) || parent.name.getText() === 'href';
  return false;
}

describe('screen paths outside the table', () => {
  it('are none in the client, the server or the contract (tests may spell them)', () => {
    const files = [...sourceFiles('client/src'), ...sourceFiles('server'), ...sourceFiles('contract').filter((f) => f !== 'contract/screens.ts')];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(literalScreenPaths)).toEqual([]);
  });

  it('would be found: quoted, in a template, after the site address, or a bare home link', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-test-'));
    try {
      const file = path.join(dir, 'sample.tsx');
      fs.writeFileSync(file, [
        "const a = '/folder/' + id;",
        'const b = "/search?q=x";',
        'const c = `/profile/${id}`;',
        'const d = `${base}/settings#data`;',
        'const e = <Link href="/">Home</Link>;',
        "navigate('/');",
        "reply.redirect('/auth?tab=login');",
        // Not screens:
        'const f = `/api/files/${id}/folders`;',
        "const g = '/uploads/x';",
        'const h = `${origin}/api/folders`;',
        "const i = key.split('/');",
        '// a comment about /folder/{id}',
      ].join('\n'));
      const found = literalScreenPaths(file).map((line) => line.replace(/^.*?:(\d+):.*$/, '$1'));
      expect(found).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
