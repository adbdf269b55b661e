import { useEffect } from 'react';
import { useQuery } from 'urql';
import { MyRetrospectiveDocument, type MyRetrospectiveQuery } from '../../gql/generated.ts';

/** A retrospective as the screens show it. */
export type RetrospectiveData = MyRetrospectiveQuery['retrospective'];

/** How often a retrospective being prepared is asked for again. */
const PREPARING_POLL_MS = 2000;

/** The caller's retrospective of the year, asked again while the server prepares it. */
export function useRetrospective(year: number) {
  const [result, refetch] = useQuery({ query: MyRetrospectiveDocument, variables: { year } });
  const preparing = result.data?.retrospective.state === 'preparing';
  useEffect(() => {
    if (!preparing || result.fetching) return;
    const timer = setTimeout(() => refetch({ requestPolicy: 'network-only' }), PREPARING_POLL_MS);
    return () => clearTimeout(timer);
  }, [preparing, result.fetching, refetch]);
  return result;
}
