import { useState, type CSSProperties } from 'react';

export const PLACEHOLDER_IMAGE = '/uploads/catalogue-placeholder.svg';

/** URL of a recipe image file name (`/uploads/{image}`), or the placeholder. */
export function imageUrl(image: string | null | undefined): string {
  return image ? `/uploads/${encodeURIComponent(image)}` : PLACEHOLDER_IMAGE;
}

/**
 * A recipe image that falls back to the placeholder when missing or when it fails to load.
 * `image` is a stored upload name; `src` (a full URL, e.g. of an imported recipe) wins over it.
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
  return (
    <img
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 8, display: 'block', ...style }}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(primary);
      }}
    />
  );
}
