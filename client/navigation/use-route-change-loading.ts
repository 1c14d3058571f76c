import { useLocation, useNavigation } from 'react-router';

/**
 * The loading flag: on while a route change is under way (its 500 ms delay included). A new query on the same
 * page, such as a calculator keeping its inputs in the URL, is not a route change.
 */
export function useRouteChangeLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname !== pathname;
}
