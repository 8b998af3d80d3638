import { describe, expect, it } from 'vitest';
import type { FileDto } from '@contract/files';
import type { FolderDto } from '@contract/folders';
import type { SearchResultItem } from '@contract/search';
import type { PublicUser } from '@contract/users';
import {
  capitalise, DEFAULT_FILTERS, groupResults, readAddressQuery, searchParams, searchTerm, searchTitle, tagSearchHref, textSearchHref,
} from './search-params';

describe('address query', () => {
  it('reads q and tag, trimmed', () => {
    expect(readAddressQuery('?q=%20sunset%20')).toEqual({ q: 'sunset', tag: '' });
    expect(readAddressQuery('?tag=red%20car')).toEqual({ q: '', tag: 'red car' });
    expect(readAddressQuery('')).toEqual({ q: '', tag: '' });
  });
  it('takes the tag as the term when a chip led here', () => {
    expect(searchTerm({ q: 'x', tag: 'cat' })).toBe('cat');
    expect(searchTerm({ q: 'dogs', tag: '' })).toBe('dogs');
  });
});

describe('links', () => {
  it('sends typed text as q, only when not blank', () => {
    expect(textSearchHref('  red & blue ')).toBe('/search?q=red%20%26%20blue');
    expect(textSearchHref('   ')).toBe('/search');
  });
  it('sends a chip as the exact tag', () => {
    expect(tagSearchHref('new york')).toBe('/search?q=new%20york');
  });
});

describe('title', () => {
  it('reads Search | {Query capitalised} | {count} results', () => {
    expect(searchTitle('sunset beach', 12)).toBe('Search | Sunset beach | 12 results');
    expect(searchTitle('sunset', 0)).toBe('Search | Sunset | 0 results');
    expect(searchTitle('sunset', 1)).toBe('Search | Sunset | 1 result');
    expect(searchTitle('cat', 1500)).toBe('Search | Cat | 1,500 results');
  });
  it('says 1,000+ results when the server stopped counting', () => {
    expect(searchTitle('sunset', 1000, true)).toBe('Search | Sunset | 1,000+ results');
    expect(searchTitle('sunset', 1000, false)).toBe('Search | Sunset | 1,000 results');
  });
  it('is Explore with no query', () => {
    expect(searchTitle('', 3)).toBe('Explore');
  });
  it('capitalises the first letter only', () => {
    expect(capitalise('éclair au chocolat')).toBe('Éclair au chocolat');
    expect(capitalise('')).toBe('');
  });
});

describe('searchParams', () => {
  it('leaves out filters that do not narrow', () => {
    expect(searchParams({ q: 'cat', tag: '' }, DEFAULT_FILTERS)).toEqual({ q: 'cat', tag: undefined, fileType: undefined, resultType: undefined, sortBy: undefined });
  });
  it('sends the chosen filters and the tag', () => {
    expect(searchParams({ q: '', tag: 'cat' }, { fileType: 'image', resultType: 'files', sortBy: 'most_liked' })).toEqual({
      q: undefined, tag: 'cat', fileType: 'image', resultType: 'files', sortBy: 'most_liked',
    });
  });
});

describe('groupResults', () => {
  const user = (id: number): SearchResultItem => ({ type: 'user', data: { id } as PublicUser });
  const folder = (id: number): SearchResultItem => ({ type: 'folder', data: { id } as FolderDto });
  const file = (id: number): SearchResultItem => ({ type: 'file', data: { id } as FileDto });

  it('groups users, folders and files in the server order, without repeats across pages', () => {
    const groups = groupResults([user(2), user(1), folder(1), file(9), file(3), file(9), user(1)]);
    expect(groups.users.map((u) => u.id)).toEqual([2, 1]);
    expect(groups.folders.map((f) => f.id)).toEqual([1]);
    expect(groups.files.map((f) => f.id)).toEqual([9, 3]);
  });
});
