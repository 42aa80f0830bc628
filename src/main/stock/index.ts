export { StockSearch, type StockSearchInput, type StockSearchResult, type StockSort } from './stock-search';
export { stockChannels, type AdjustmentQueue, type StockHandlerDeps } from './handlers';
