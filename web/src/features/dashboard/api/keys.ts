/** SWR keys shared across the signed-in features, so any mutation can refetch what it changed. */
export const ACCOUNT_KEY = '/api/jsonable/user';
export const IMAGES_KEY = '/api/jsonable/user/images';
export const STATISTICS_KEY = '/api/jsonable/user/stats';
