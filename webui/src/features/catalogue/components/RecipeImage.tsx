import { useState, type CSSProperties } from 'react';

export const PLACEHOLDER_IMAGE = '/uploads/catalogue-placeholder.svg';

/** URL of a recipe image file name (`/uploads/{image}`), or the placeholder. */
export function imageUrl(image: string | null | undefined): string {
  return image ? `/uploads/${encodeURIComponent(image)}` : PLACEHOLDER_IMAGE;
}

/** A recipe image that falls back to the placeholder when missing or when it fails to load. */
export function RecipeImage({
  image,
  alt = '',
  style,
  width,
  height,
}: {
  image: string | null | undefined;
  alt?: string;
  style?: CSSProperties;
  width?: number;
  height?: number;
}) {
  const [failed, setFailed] = useState(false);
  const src = failed ? PLACEHOLDER_IMAGE : imageUrl(image);
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 8, display: 'block', ...style }}
      onError={() => {
        if (!failed) setFailed(true);
      }}
    />
  );
}
