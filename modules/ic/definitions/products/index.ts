/**
 * Product maintenance and product prices — owned by h15a (issue 15). Definitions of this part of the module,
 * in dependency order (a lookup's target before the entity using it). The module's index (../index.ts)
 * lists every part. `product`: ./product.ts; `product-price`: ./product-price.ts.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { product } from './product.ts';
import { productPrice } from './product-price.ts';

export { product, productIssues, KIT_TYPES, type KitType } from './product.ts';
export { productPrice, PRICE_TYPES, LIST_PRICE_TABLE, type PriceType } from './product-price.ts';

export const IC_PRODUCT_ENTITIES: readonly AnyEntity[] = [product, productPrice];
