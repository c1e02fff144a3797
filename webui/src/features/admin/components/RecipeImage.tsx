import { useState, type CSSProperties } from 'react';

/** The catalogue's placeholder, shipped in the uploads folder. */
export const PLACEHOLDER_IMAGE = '/uploads/catalogue-placeholder.svg';

/** URL of a stored upload name (`/uploads/{name}`), or the placeholder. */
export function uploadUrl(image: string | null | undefined): string {
  return image ? `/uploads/${encodeURIComponent(image)}` : PLACEHOLDER_IMAGE;
}

/** An uploaded image that falls back to the placeholder when missing or when it fails to load. */
export function RecipeImage({
  image,
  alt = '',
  style,
}: {
  image: string | null | undefined;
  alt?: string;
  style?: CSSProperties;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? PLACEHOLDER_IMAGE : uploadUrl(image)}
      alt={alt}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 8, display: 'block', ...style }}
      onError={() => {
        if (!failed) setFailed(true);
      }}
    />
  );
}
