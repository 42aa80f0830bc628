export { StockSearch, type StockSearchInput, type StockSearchResult, type StockSort } from './stock-search';
export { stockHandlers } from './handlers';
