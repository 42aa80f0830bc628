// The offline cache's file and the catalog in it: what capabilities import of the cache.
export { CACHE_FILE, openCatalogCache, type CatalogCache, type CatalogCacheOptions, type OpenedCatalogCache } from './catalog-cache';
export { CatalogReads } from './catalog-reads';
export { CatalogRecorder } from './catalog-recorder';
export { durably, type DamagedFile } from './database';
export { columnsOf, insertOrIgnore, readDamagedFile, type DamagedFileReader, type TableRead } from './damaged-file';
export type { StockWrite, WarehouseWrite, ProductWrite, ShipmentWrite } from './rows';
