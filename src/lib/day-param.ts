// The day a day view shows, kept in the address (`?date=YYYY-MM-DD`, today in Istanbul when absent
// or malformed) so that a day can be bookmarked, shared and reloaded.
import { useSearchParams } from 'react-router-dom';
import { DAY_PATTERN, istanbulToday } from './format.ts';

export function useDayParam(): [day: string, setDay: (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const day = asked && DAY_PATTERN.test(asked) ? asked : istanbulToday();
  // A cleared or half-typed date field changes nothing.
  const setDay = (next: string) => {
    if (DAY_PATTERN.test(next)) setParams({ date: next }, { replace: true });
  };
  return [day, setDay];
}
