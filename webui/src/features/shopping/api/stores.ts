import { useQuery } from '@tanstack/react-query';
import { canEditStore, storesQueryOptions } from '@/shared/api';

/** The stores a shop can be stored into: own ones and those shared with edit rights. */
export function useWritableStores(enabled = true) {
  return useQuery({ ...storesQueryOptions(), select: (answer) => answer.data.filter(canEditStore), enabled });
}
