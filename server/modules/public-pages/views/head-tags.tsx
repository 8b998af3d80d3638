import { pageTitle, PRODUCT_NAME } from '../../../../contract/page-titles';

/** What a page says about itself to link previews, search engines and feed readers, with absolute URLs. */
export type HeadTags = {
  /** The page's own title, without the product name. */
  title: string;
  description: string;
  /** The page's canonical, absolute URL. */
  url: string;
  indexable: boolean;
  ogType: 'website' | 'article' | 'profile' | 'video.other';
  image: { url: string; width: number; height: number; type: string; alt: string };
  video?: { url: string; type: string; width: number | null; height: number | null };
  /** The oEmbed discovery link (absolute). */
  oembed?: string;
  /** An Atom feed of the page's uploads (absolute) and its title. */
  feed?: { url: string; title: string };
};

/**
 * The head of a visitor's page: title, description, canonical URL, robots, Open Graph, Twitter
 * card and the oEmbed and feed links, all in the HTML the server sends, so a chat app's preview
 * and a search engine need no JavaScript.
 */
export function HeadTagList({ tags }: { tags: HeadTags }) {
  const title = pageTitle(tags.title);
  const secure = tags.image.url.startsWith('https://');
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={tags.description} />
      <link rel="canonical" href={tags.url} />
      {!tags.indexable && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:type" content={tags.ogType} />
      <meta property="og:title" content={tags.title} />
      <meta property="og:description" content={tags.description} />
      <meta property="og:url" content={tags.url} />
      <meta property="og:image" content={tags.image.url} />
      {secure && <meta property="og:image:secure_url" content={tags.image.url} />}
      <meta property="og:image:type" content={tags.image.type} />
      <meta property="og:image:width" content={String(tags.image.width)} />
      <meta property="og:image:height" content={String(tags.image.height)} />
      <meta property="og:image:alt" content={tags.image.alt} />
      {tags.video && (
        <>
          <meta property="og:video" content={tags.video.url} />
          {tags.video.url.startsWith('https://') && <meta property="og:video:secure_url" content={tags.video.url} />}
          <meta property="og:video:type" content={tags.video.type} />
          {tags.video.width && <meta property="og:video:width" content={String(tags.video.width)} />}
          {tags.video.height && <meta property="og:video:height" content={String(tags.video.height)} />}
        </>
      )}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={tags.title} />
      <meta name="twitter:description" content={tags.description} />
      <meta name="twitter:image" content={tags.image.url} />
      <meta name="twitter:image:alt" content={tags.image.alt} />
      {tags.oembed && <link rel="alternate" type="application/json+oembed" href={tags.oembed} title={tags.title} />}
      {tags.feed && <link rel="alternate" type="application/atom+xml" href={tags.feed.url} title={tags.feed.title} />}
    </>
  );
}
