import { useState, type CSSProperties } from 'react';

/**
 * The one picture of a recipe that has none of its own (or whose picture fails to load): a covered
 * dish drawn for the app, never another recipe's drawing. Shipped with the web app (webui/public),
 * so it is precached for offline use and does not depend on the uploads folder.
 */
export const PLACEHOLDER_IMAGE = '/recipe-placeholder.svg';

/** The placeholder's text alternative: the recipe's name, saying that this is not a picture of it. */
export function placeholderAlt(alt: string): string {
  return alt ? `${alt} (no picture yet)` : '';
}

/**
 * Where the server shows an imported recipe's picture: its image proxy, on this origin (the page's
 * Content-Security-Policy loads no picture from another site). The addresses come signed in the
 * answers; the app never builds one.
 */
export const IMPORTED_IMAGE_PATH = '/api/pwa/imported-images/';

/** True for an address of the server's image proxy (a same-origin path, never `//host/...`). */
export function isImportedImageAddress(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(IMPORTED_IMAGE_PATH);
}

/** URL of a recipe image file name (`/uploads/{image}`), or the placeholder. */
export function imageUrl(image: string | null | undefined): string {
  return image ? `/uploads/${encodeURIComponent(image)}` : PLACEHOLDER_IMAGE;
}

/**
 * A recipe image that falls back to the placeholder when missing or when it fails to load.
 * `image` is a stored upload name; `src` (an address, e.g. of an imported recipe's picture) wins over it.
 * `alt` names the recipe; leave it empty where the name is written right beside the picture.
 */
export function RecipeImage({
  image,
  src,
  alt = '',
  style,
  width,
  height,
}: {
  image?: string | null;
  src?: string | null;
  alt?: string;
  style?: CSSProperties;
  width?: number;
  height?: number;
}) {
  const primary = src || imageUrl(image);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === primary ? PLACEHOLDER_IMAGE : primary;
  const placeholder = shown === PLACEHOLDER_IMAGE;
  return (
    <img
      src={shown}
      alt={placeholder ? placeholderAlt(alt) : alt}
      data-placeholder={placeholder || undefined}
      width={width}
      height={height}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 8, display: 'block', ...style }}
      onError={() => {
        if (!placeholder) setFailedSrc(primary);
      }}
    />
  );
}
