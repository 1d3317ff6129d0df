// How the Daily Activity grid's sorted column is asked of the server.

/** Grid column ids mapped to the keys the server sorts by. */
export const SORT_KEYS: Record<string, 'Time' | 'Status' | 'CompanyName' | 'Vendor' | 'DeviceName' | 'JobName'> = {
  time: 'Time',
  status: 'Status',
  company: 'CompanyName',
  vendor: 'Vendor',
  device: 'DeviceName',
  job: 'JobName',
};
