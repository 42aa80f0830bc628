export { productHandlers } from './handlers';
