import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PlanEntry } from '@/shared/api';
import { planEntryTarget } from '@/shared/recipe';

/** A planned recipe's name, linked by its type (a custom entry is plain text). */
export function EntryName({ entry }: { entry: PlanEntry }) {
  const target = planEntryTarget(entry);
  const style = { overflowWrap: 'anywhere' as const };
  if (target?.kind === 'page')
    return (
      <Anchor component={Link} to={target.to} style={style}>
        {entry.name}
      </Anchor>
    );
  if (target?.kind === 'external')
    return (
      <Anchor href={target.href} target="_blank" rel="noopener noreferrer" style={style}>
        {entry.name}
      </Anchor>
    );
  return <Text style={style}>{entry.name}</Text>;
}
