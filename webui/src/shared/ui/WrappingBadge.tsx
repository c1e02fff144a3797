import { Badge, type BadgeProps, type ElementProps } from '@mantine/core';

const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35, paddingBlock: 2 },
} as const;

/**
 * A Badge whose text wraps onto a further line instead of ending in an ellipsis: for texts that
 * can be long (a filter's ingredient name) and must stay readable on a 360 px phone.
 */
export function WrappingBadge(props: BadgeProps & ElementProps<'div', keyof BadgeProps>) {
  return <Badge {...props} styles={WRAPPING} />;
}
