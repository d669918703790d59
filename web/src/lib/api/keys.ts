/** SWR keys shared across the signed-in features, so any mutation can refetch what it changed. */
export const ACCOUNT_KEY = '/api/jsonable/user';
export const IMAGES_KEY = '/api/jsonable/user/images';
export const STATISTICS_KEY = '/api/jsonable/user/stats';
/** Usage over time; the query (window, project) follows. */
export const USAGE_HISTORY_KEY = '/api/jsonable/user/usage';
