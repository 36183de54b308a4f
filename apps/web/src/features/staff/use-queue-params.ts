import { useSearchParams } from 'react-router';

/**
 * A queue's filters, sort and page as the address holds them, so Back and links keep them:
 * `update` sets the values given and drops the empty ones.
 */
export function useQueueParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const order: 'asc' | 'desc' = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { params, update, order, page };
}
