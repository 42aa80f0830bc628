export { StockSearch, type StockSearchInput, type StockSearchResult, type StockSort } from './stock-search';
export { stockCacheReaders, type StockReaderDeps } from './cache-readers';
export { stockChannels, type AdjustmentQueue, type StockHandlerDeps } from './handlers';
export { onHandHistoryPruner } from './on-hand-history';
