/* Generated from /connect/openapi.json by `npm run sdk:generate`; do not edit by hand. */

export interface paths {
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the orders of a location
         * @description POS only. Oldest change first, paged with `cursor` (from `pagination.nextCursor`). Version 1.1 (`Accept: application/json; version=1.1`) adds `paymentStatus`; 1.0, the default, omits it.
         */
        get: {
            parameters: {
                query: {
                    locationId: string;
                    status?: string | string[];
                    /** @description RFC 3339 time: only orders updated since then. */
                    updatedSince?: string;
                    limit?: number | string;
                    /** @description Opaque cursor from the previous page. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of orders */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderList"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an order
         * @description Ordering apps only, for a location they are connected to. The order starts as `CREATED` (the default) or `ACCEPTED`; a `CREATED` order nobody accepts within ORDER_AUTO_REJECT_SECONDS (two minutes) becomes `REJECTED` with `statusInfo: AUTO_REJECTED_BY_TIMEOUT`. `origin.name` is the partner’s name. Sending the same `origin.orderId` with the same content again returns the first order; with different content it is 409 `ORDER_ID_CONFLICT`. A new order emits ORDER_CREATED (`data.version` 1) to the location’s POS, also when created `ACCEPTED` (no ORDER_ACCEPTED follows). A location that is CLOSED or PAUSED (GET /locations/{locationId}/availability) refuses a new order with 409 `LOCATION_UNAVAILABLE`, whose problem body adds `state`, `reason`, `until` and `nextOpenAt`; an order for later (`fulfilment.scheduledFor`, as Square’s scheduled pickup) is taken when that time falls within the opening hours and no pause without end, or an offline POS, stands in its way. In busy mode the order is taken with `busyMinutes` and `expectedReadyAt` (its scheduled time, or its arrival, plus the busy minutes). Version 1.1 (`Accept: application/json; version=1.1`) adds `paymentStatus`; 1.0, the default, omits it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateOrderRequest"];
                };
            };
            responses: {
                /** @description The order (also for an identical re-send) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Order"] | components["schemas"]["OrderV1_0"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an order
         * @description For the POS of the order’s location and the app that created it; anyone else gets 404. Version 1.1 (`Accept: application/json; version=1.1`) adds `paymentStatus`; 1.0, the default, omits it.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Order id generated by the service. */
                    orderId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The order */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Order"] | components["schemas"]["OrderV1_0"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the status of an order
         * @description A POS may set any status; an ordering app only `CANCELLED_BY_CUSTOMER` and `FULFILLED` (403 otherwise). `reason` is required, and not empty, for `REJECTED`, `CANCELLED_BY_MERCHANT` and `CANCELLED_BY_CUSTOMER`. Setting the status the order already has is a no-op; `REJECTED`, `CANCELLED_*` and `FULFILLED` are final, and any other status on them is 409 `ORDER_STATUS_CONFLICT`. `OUT_FOR_DELIVERY` applies only where applicable (409 on a `PICK_UP` or `DINE_IN` order) and `FULFILLED` (picked up by the customer) not to an order dispatched for delivery (409 on a `DELIVERY` order and on one `OUT_FOR_DELIVERY`). An order rejected automatically (`statusInfo: AUTO_REJECTED_BY_TIMEOUT`) accepts no further update: any status, `REJECTED` too, is 409. The 409 says why.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Order id generated by the service. */
                    orderId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/merge-patch+json": components["schemas"]["UpdateOrderRequest"];
                    "application/json": components["schemas"]["UpdateOrderRequest"];
                };
            };
            responses: {
                /** @description Updated (or already in that status) */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/tables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tables of a location
         * @description For a location the partner is connected to; `openSales=true` keeps tables with an open sale, `false` those without. A location that is unknown or that the partner is not connected to is 404 (alike); one the partner is connected to but this device token’s grant leaves out is 403.
         */
        get: {
            parameters: {
                query: {
                    /** @description The location whose tables are listed. Required. */
                    locationId: string;
                    /** @description true: only tables with at least one open sale; false: only tables without. */
                    openSales?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tables */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TableList"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a table
         * @description For a location the partner is connected to. `number` is unique within the location (409 `TABLE_NUMBER_CONFLICT`). A `section` with an `id` names that section of the location (created, named `name` or else its id; or renamed to a given `name`); with a `name` only, the first section of that name (or a new one); `{}` is no section (`section: null`). Open sales already recorded for the number are the new table’s `openSales`. Emits NEW_TABLE (then TABLE_OPENED when it has open sales) to the location’s other partners. A location that is unknown or that the partner is not connected to is 404 (alike); one the partner is connected to but this device token’s grant leaves out is 403.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateTableRequest"];
                };
            };
            responses: {
                /** @description The new table */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Table"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tables/{tableId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a table
         * @description Any POS or app connected to the table’s location; another location’s table is 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Table id generated by the service. */
                    tableId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The table */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Table"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a table
         * @description Any POS or app connected to the table’s location; another location’s table is 404. Not while the table has open sales (409 `TABLE_HAS_OPEN_SALES`). Emits TABLE_DELETED.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Table id generated by the service. */
                    tableId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The table as it was when deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Table"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a table
         * @description Any POS or app connected to the table’s location; another location’s table is 404. Changes `number` and/or `section` (`null` or `{}` leaves its section). Not while the table has open sales (409 `TABLE_HAS_OPEN_SALES`). Emits TABLE_UPDATED; an update that changes nothing emits nothing.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Table id generated by the service. */
                    tableId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["UpdateTableRequest"];
                };
            };
            responses: {
                /** @description Updated */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sales of a location
         * @description Any POS or app connected to the location (403 otherwise). Values within one filter are OR-ed, filters AND-ed; `fromDate` and `toDate` are days of the location’s calendar. `bookingId` lists one booking’s sales.
         */
        get: {
            parameters: {
                query: {
                    /** @description The location whose sales are listed. Required. */
                    locationId: string;
                    /** @description Any of OPEN, CLOSED, REOPENED; repeat or comma-separate. */
                    saleStatus?: string | string[];
                    /** @description Any of SALE, REFUND, VOID, COMBINATION; repeat or comma-separate. */
                    saleType?: string | string[];
                    /** @description YYYY-MM-DD: only sales whose dateType date is on or after it. */
                    fromDate?: string;
                    /** @description YYYY-MM-DD: only sales whose dateType date is on or before it. */
                    toDate?: string;
                    /** @description Which date of a sale fromDate and toDate apply to. */
                    dateType?: "CREATED" | "UPDATED" | "OPENED" | "CLOSED";
                    /** @description Only the sales of this booking. */
                    bookingId?: string;
                    limit?: number | string;
                    page?: number | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of sales */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SaleList"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Record a sale
         * @description POS only, for a location it is connected to. A sale is `OPEN`, `CLOSED` (the default) or `REOPENED`. An open sale (`OPEN` or `REOPENED`) with `table.number` joins the `openSales` of the location’s table with that number (TABLE_OPENED when it is the first), also when that table is created later. A closed sale stays closed: to reopen it, record a new sale with `status: REOPENED` and `parentSaleId` naming it. The parent must be a `CLOSED` sale of the same location (unknown or another location’s: 422 `PARENT_SALE_NOT_FOUND`; still open: 409 `SALE_STATUS_CONFLICT`) not reopened before (409 `SALE_ALREADY_REOPENED`: reopen the latest sale of the chain); `parentSaleId` and `REOPENED` go together (400 otherwise). The reopened sale closes like any sale. The same `origin.saleId` with the same content returns the first sale; with different content it is 409 `SALE_ID_CONFLICT`. Emits NEW_SALE (a reopening: SALE_REOPENED instead) to the location’s other partners.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateSaleRequest"];
                };
            };
            responses: {
                /** @description The sale (also for an identical re-send) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Sale"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown reference */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sales/{saleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a sale
         * @description Any POS or app connected to the sale’s location; another location’s sale is 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Sale id generated by the service. */
                    saleId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sale */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Sale"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a sale
         * @description POS of the sale’s location only. Send the `version` last read: a stale one is 412 `PRECONDITION_FAILED`. Of existing items only discounts, surcharges, tax and total may change; payments may be added, never removed. A `CLOSED` sale cannot reopen (409 `SALE_STATUS_CONFLICT`; record a new sale with `status: REOPENED` and `parentSaleId` instead); a `REOPENED` sale stays `REOPENED` until it is closed. An update that changes nothing is ignored. Closing emits SALE_CLOSED and takes the sale off its table (TABLE_CLOSED when it was the last); other changes emit SALE_UPDATED.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Sale id generated by the service. */
                    saleId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["UpdateSaleRequest"];
                };
            };
            responses: {
                /** @description The sale at its new version */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Sale"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Stale version */
                412: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the bookings of a location
         * @description POS only. Filters of one kind are OR-ed (repeat them or comma-separate), different filters AND-ed. `fromDate` and `toDate` are days at the location, applied to the date `dateType` names. Ordered by that date, then id.
         */
        get: {
            parameters: {
                query: {
                    /** @description The location whose bookings are listed. Required. */
                    locationId: string;
                    /** @description Any of TABLE, ROOM; repeat or comma-separate. */
                    assetType?: string | string[];
                    /** @description Bookings at any of these tables; repeat or comma-separate. */
                    tableNumber?: string | string[];
                    /** @description Any of CREATED, ACCEPTED, REJECTED, CANCELLED_BY_CUSTOMER, CANCELLED_BY_MERCHANT; repeat or comma-separate. */
                    bookingStatus?: string | string[];
                    /** @description YYYY-MM-DD: only bookings whose dateType date is on or after it. */
                    fromDate?: string;
                    /** @description YYYY-MM-DD: only bookings whose dateType date is on or before it. */
                    toDate?: string;
                    /** @description Which date fromDate and toDate apply to: START (startTime), CREATED or UPDATED. */
                    dateType?: "START" | "CREATED" | "UPDATED";
                    limit?: number | string;
                    page?: number | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of bookings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BookingList"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a booking (reservation or walk-in)
         * @description A booking app sends a reservation (`CreateBookingRequest`): `origin.bookingReference` is unique per location and app (409 `BOOKING_REFERENCE_CONFLICT`), `origin.name` is the app’s name. A POS sends a walk-in (`CreateWalkInBookingRequest`): `asset.type` TABLE and `asset.tableStatus` SEATED only. Tables must exist at the location (422 `BOOKING_TABLE_NOT_FOUND`); a table is occupied from SEATED until FINALISED (409 `TABLE_OCCUPIED`). `bookingStatus` is CREATED (the default; the POS or the merchant decides it later) or ACCEPTED (already confirmed); REJECTED and the cancellations are 400, as they change a booking that exists (PATCH it). The returned `id` is also `tcBookingId`. BOOKING_CREATED (version 1) goes to the location’s POS (reservation) or to every booking app of the location (walk-in), whatever the status.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateBookingRequest"] | components["schemas"]["CreateWalkInBookingRequest"];
                    "application/vnd.tyro.connect+json": components["schemas"]["CreateBookingRequest"] | components["schemas"]["CreateWalkInBookingRequest"];
                };
            };
            responses: {
                /** @description The booking */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Booking"];
                        "application/vnd.tyro.connect+json": components["schemas"]["Booking"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown reference */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a booking
         * @description For the POS of the booking’s location and the booking app holding it (a walk-in: every booking app of the location); anyone else gets 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The booking id (the same as tcBookingId). */
                    bookingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The booking */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Booking"];
                        "application/vnd.tyro.connect+json": components["schemas"]["Booking"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a booking
         * @description JSON merge patch (`null` removes a field). `bookingStatus`: CREATED → ACCEPTED, REJECTED or CANCELLED_*; ACCEPTED → CANCELLED_*; REJECTED and CANCELLED_* are final (409 `BOOKING_STATUS_CONFLICT` for any change after). The POS accepts, rejects and cancels by merchant; the booking app cancels by customer (403 otherwise). Both change the details (`numberOfPeople`, times, `asset.tables`, customer …): the POS of any booking at its locations, the booking app of its own bookings; the other side hears BOOKING_UPDATED. `reason` (≤ 50) is optional, and given only with REJECTED and the cancellations (400 otherwise). `asset.tableStatus` moves forward only, SEATED → DINING → CLOSING → FINALISED, steps may be skipped (409 `TABLE_STATUS_CONFLICT` going back). Setting what the booking already has is a no-op.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The booking id (the same as tcBookingId). */
                    bookingId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/merge-patch+json": components["schemas"]["UpdateBookingRequest"];
                    "application/json": components["schemas"]["UpdateBookingRequest"];
                };
            };
            responses: {
                /** @description Updated (or nothing to change) */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown reference */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/bookings/{bookingId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the changes of a booking
         * @description POS only. Every change, newest first: its type, who made it (`sourceOfChange` POS, APP or MERCHANT), the change as requested (`eventData`) and the booking after it (`outcome`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The booking id (the same as tcBookingId). */
                    bookingId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The booking’s changes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BookingEvents"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loyalty/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register member for loyalty
         * @description Links the card of a payment at the location (`paymentId`, made within the last 60 minutes) or of an unregistered customer (`memberReference`, from the terminal sign-up QR code or a test payment) to the member; when both are sent, `paymentId` decides. The member is created on first registration. The card’s pre-accumulated reward is carried into `preAccumulatedReward`. Needs the location’s loyalty activation approved for this partner (403 otherwise). Unknown or too old payment, or unknown memberReference: 422. Card registered to another member: 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["RegisterMemberRequest"];
                };
            };
            responses: {
                /** @description Registered */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            registeredCardId: string;
                            memberId: string;
                        };
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown reference */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Deregister a member
         * @description Removes the member and every card of it; activities already generated stay readable. LOYALTY partners only; another partner’s resource is 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["DeregisterMemberRequest"];
                };
            };
            responses: {
                /** @description Deregistered */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loyalty/registered-cards/{registeredCardId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get registered card by id
         * @description LOYALTY partners only; another partner’s resource is 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Id of the registered card. */
                    registeredCardId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The card */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RegisteredCard"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete registered card by id
         * @description The card stops generating loyalty activity. A request body is not needed. LOYALTY partners only; another partner’s resource is 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Id of the registered card. */
                    registeredCardId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted (no body) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loyalty/activities/{loyaltyActivityId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get loyalty activity by id
         * @description A payment by a registered card at an activated location (event NEW_LOYALTY_ACTIVITY). `sale` is the sale the payment belongs to: the latest `CLOSED` sale a POS recorded at the same location with an `EFTPOS` payment whose `acquirer.transactionReference` is the activity’s `payment.origin.paymentId` and whose `goodsAndServicesAmount` equals `payment.breakdown.goodsAndServices`; null while there is none (another location’s sale never matches). LOYALTY partners only; another partner’s resource is 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Id of the loyalty activity. */
                    loyaltyActivityId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The activity */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LoyaltyActivity"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations/merchant-onboarding/loyalty/{onboardingReference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get merchant onboarding request by reference
         * @description A merchant asking to activate loyalty at a location with this partner. LOYALTY partners only; another partner’s resource is 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The onboardingReference of the NEW_ONBOARDING_REQUEST event. */
                    onboardingReference: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The request */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MerchantOnboardingRequest"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Submit a decision (APPROVE or REJECT) for an onboarding request
         * @description APPROVE needs one of this partner’s `loyaltyProgramId`s (422 otherwise): the request becomes COMPLETED / SUCCESS, the location is activated for this partner and the partner is connected to it. REJECT, with an optional `reason` the merchant sees: the integration becomes REJECTED_BY_PARTNER and the merchant may ask again with a new request. A request is decided once (409).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The onboardingReference of the NEW_ONBOARDING_REQUEST event. */
                    onboardingReference: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["MerchantOnboardingDecisionRequest"];
                };
            };
            responses: {
                /** @description The decided request */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MerchantOnboardingRequest"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown reference */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a test payment
         * @description A POS or loyalty partner connected to the location simulates a card payment. `memberId` names a member (of the caller, or for a POS of the location’s loyalty partner), `memberId: null` a new non-member (the response gives its `memberReference`), `memberReference` a returning non-member. All amounts zero is a zero-amount authorisation: only a `paymentId` to register a card with. At a location whose loyalty activation is approved, a registered card generates a loyalty activity (NEW_LOYALTY_ACTIVITY; NEW_REGISTERED_CARD on a card’s first use) and any other card a pre-accumulated reward (1 point per 100 cents of goods and services, capped by the location’s limit). With `terminal` of the loyalty series (PRO), `terminalDisplay` says what the terminal shows. A POS that records the sale (POST /sales) with an `EFTPOS` payment whose `acquirer.transactionReference` is the `paymentId` (same goods and services amount) gives the activity its `sale`, when the sale says all the loyalty reference’s sale requires (`staff`, `tax`, `origin.locationId`, `acquirer.terminalId`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateTestPaymentRequest"];
                };
            };
            responses: {
                /** @description The payment */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TestPayment"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Catch up on missed events
         * @description The caller's events after `after` (an event id), oldest first, kept 30 days; pass `lastEventId` back as `after` for the next page. An event appears once every transaction that started before it has finished, so paging never skips an event that committed late.
         */
        get: {
            parameters: {
                query?: {
                    after?: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of events */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EventPage"];
                    };
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unknown reference */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations/{locationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * POS online status of a location
         * @description GREEN while a POS holds the notification WebSocket open, RED otherwise (with `status.reason`: no POS connected, never online, or its socket closed); `lastOnlineAt` is when it was last seen online. `pos.apis` lists the APIs the POS named in its HELLO by the reference’s names (BOOKING, FOOD_ORDERING, LOYALTY, PAYMENTS, SALES, LOCATION; `ordering` is FOOD_ORDERING); others are left out.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    locationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The location and its POS status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LocationStatus"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations/{locationId}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a location takes orders now
         * @description `state` is OPEN, CLOSED (outside the opening hours, or a special day) or PAUSED (by the merchant or the POS, or because the POS has been offline longer than `posOffline.afterSeconds`), with `reason`, `note` and `until` (when it ends by itself). `busy` is busy mode: orders are taken and are ready `busy.minutes` later. `nextOpenAt` is when orders for now are taken again. Hours are local times in `timezone`; a location without hours (`hours: null`) is open at all times. `specialDays` lists those of the next 14 days. While CLOSED or PAUSED, POST /orders answers 409 `LOCATION_UNAVAILABLE`, except an order for later (`fulfilment.scheduledFor` within the hours). Every change, those made by the clock included, emits LOCATION_AVAILABILITY_UPDATED to every partner connected to the location.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    locationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The availability of the location */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Availability"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Pause, resume or set busy mode
         * @description POS only. `pause: {until?, reason?}` pauses ordering (state PAUSED, reason PAUSED_BY_POS) until `until` or until `pause: null` resumes it; `busy: {minutes, until?}` (5 to 120 minutes) sets busy mode, `busy: null` clears it. Members left out stay as they are. Emits LOCATION_AVAILABILITY_UPDATED to the other partners connected to the location.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    locationId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/merge-patch+json": components["schemas"]["AvailabilityPatch"];
                    "application/json": components["schemas"]["AvailabilityPatch"];
                };
            };
            responses: {
                /** @description Changed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input (every violation listed in `errors`) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, invalid or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Partner type or connection does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported version */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Rate limited */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
}
export interface webhooks {
    event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event delivered to a webhook endpoint
         * @description Standard Webhooks: `webhook-id` (the event id, the same on every attempt), `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the endpoint secret; for 24 hours after a secret rotation a second `v1,…` entry signs with the previous secret. Any 2xx within WEBHOOK_TIMEOUT_MS is success; anything else is retried on WEBHOOK_RETRY_SCHEDULE. Events of one resource arrive in order.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            responses: {
                /** @description Received */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description RFC 9457 problem details with the members Tyro Connect clients read. */
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            instance?: string;
            /** @description Stable UPPER_SNAKE identifier. */
            code: string;
            /** @description Human-readable message. */
            error: string;
            /** @description The X-Request-Id of the answer: the same id is in the logs and the API request log. */
            requestId?: string;
            errors?: {
                /** @enum {string} */
                segment?: "body" | "query" | "path" | "header";
                path?: string;
                message?: string;
            }[];
        };
        /** @description The event JSON sent identically over webhooks, the POS WebSocket and the catch-up feed. */
        Event: {
            id: string;
            /** @enum {string} */
            type: "ORDER_CREATED" | "ORDER_ACCEPTED" | "ORDER_REJECTED" | "ORDER_BEING_PREPARED" | "ORDER_READY" | "ORDER_OUT_FOR_DELIVERY" | "ORDER_FULFILLED" | "ORDER_CANCELLED_BY_MERCHANT" | "ORDER_CANCELLED_BY_CUSTOMER" | "NEW_TABLE" | "TABLE_UPDATED" | "TABLE_OPENED" | "TABLE_CLOSED" | "TABLE_DELETED" | "NEW_SALE" | "SALE_UPDATED" | "SALE_CLOSED" | "SALE_REOPENED" | "BOOKING_CREATED" | "BOOKING_UPDATED" | "BOOKING_SEATED" | "BOOKING_DINING" | "BOOKING_CLOSING" | "BOOKING_FINALISED" | "NEW_LOYALTY_ACTIVITY" | "NEW_REGISTERED_CARD" | "NEW_ONBOARDING_REQUEST" | "LOCATION_AVAILABILITY_UPDATED";
            createdAt: string;
            locationId: string | null;
            data: {
                id: string;
                uri: string;
                resource: string;
                version: number;
            };
        };
        /** @description An order as returned by Ordering API version 1.1. */
        Order: {
            /** @description Order id generated by the service. */
            id: string;
            /** @description Globally unique identifier of a merchant's site. */
            locationId: string;
            fulfilment: {
                /** @enum {string} */
                type?: "PICK_UP" | "DINE_IN" | "DELIVERY";
                /**
                 * Format: date-time
                 * @description RFC 3339 time the customer wants the order for; absent: as soon as possible. An order for later is taken while the location is CLOSED or paused until before then, when this time falls within its opening hours.
                 */
                scheduledFor?: string;
            };
            notes?: string;
            items: components["schemas"]["OrderItem"][];
            table?: {
                id?: string;
                section?: string;
            };
            customers?: {
                /** @description No length restriction. */
                firstName?: string;
            }[];
            discounts?: {
                /** @description Amount in the smallest currency unit (cents). */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                description?: string;
            }[];
            surcharges?: {
                /** @description Amount in the smallest currency unit (cents). */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                description?: string;
            }[];
            tip?: components["schemas"]["MoneyPositiveAmount"];
            total: components["schemas"]["MoneyPositiveAmount"];
            origin: {
                orderId: string;
                orderReference: string;
                /** @description Name of the partner that created the order. No length restriction. */
                name: string;
            };
            /** @enum {string} */
            status: "CREATED" | "ACCEPTED" | "REJECTED" | "BEING_PREPARED" | "READY" | "OUT_FOR_DELIVERY" | "CANCELLED_BY_MERCHANT" | "CANCELLED_BY_CUSTOMER" | "FULFILLED";
            /** @enum {string} */
            statusInfo?: "AUTO_REJECTED_BY_TIMEOUT";
            /** @description The location was in busy mode when the order arrived: it is ready this many minutes later than usual. */
            busyMinutes?: number;
            /**
             * Format: date-time
             * @description With busyMinutes: when the order is expected ready (its scheduledFor, or its arrival, plus busyMinutes).
             */
            expectedReadyAt?: string;
            /**
             * @default CLOSED
             * @enum {string}
             */
            paymentStatus?: "OPEN" | "CLOSED";
        };
        /** @description An item of an order, or a modifier of an item. */
        OrderItem: {
            /** @description Unique within the order: two units of the same product have different ids. */
            id: string;
            unitPrice: components["schemas"]["Money"];
            /** @description Unit discounts: each applies to each single item. */
            discounts?: components["schemas"]["MoneyWithItemisation"][];
            /** @description Id of the item aligned with the item id in the POS. */
            sku: string;
            /** @description Human-readable description, used to resolve mismatches between app and POS. */
            description: string;
            /** @description Number of units. */
            quantity: number;
            /** @description Allergens to be removed from the parent item. */
            allergens?: components["schemas"]["Allergen"][];
            /** @description Unit modifications: each applies to each single parent item. */
            modifiers?: components["schemas"]["OrderItem"][];
            notes?: string;
        };
        /** @description An amount of money in integer cents. */
        Money: {
            /** @description Amount in the smallest currency unit (cents). */
            amount: number;
            /**
             * @default AUD
             * @enum {string}
             */
            currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
        };
        /** @description A unit discount applying to each single item. */
        MoneyWithItemisation: {
            /** @description Amount in the smallest currency unit (cents); never negative. */
            amount: number;
            /**
             * @default AUD
             * @enum {string}
             */
            currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            description?: string;
        };
        Allergen: {
            /** @description The allergen to remove, e.g. Nuts. */
            description?: string;
        };
        /** @description An amount of money in integer cents, zero or more. */
        MoneyPositiveAmount: {
            /** @description Amount in the smallest currency unit (cents); never negative. */
            amount: number;
            /**
             * @default AUD
             * @enum {string}
             */
            currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
        };
        /** @description An order as returned by Ordering API version 1.0. */
        OrderV1_0: {
            /** @description Order id generated by the service. */
            id: string;
            /** @description Globally unique identifier of a merchant's site. */
            locationId: string;
            fulfilment: {
                /** @enum {string} */
                type?: "PICK_UP" | "DINE_IN" | "DELIVERY";
                /**
                 * Format: date-time
                 * @description RFC 3339 time the customer wants the order for; absent: as soon as possible. An order for later is taken while the location is CLOSED or paused until before then, when this time falls within its opening hours.
                 */
                scheduledFor?: string;
            };
            notes?: string;
            items: components["schemas"]["OrderItem"][];
            table?: {
                id?: string;
                section?: string;
            };
            customers?: {
                /** @description No length restriction. */
                firstName?: string;
            }[];
            discounts?: {
                /** @description Amount in the smallest currency unit (cents). */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                description?: string;
            }[];
            surcharges?: {
                /** @description Amount in the smallest currency unit (cents). */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                description?: string;
            }[];
            tip?: components["schemas"]["MoneyPositiveAmount"];
            total: components["schemas"]["MoneyPositiveAmount"];
            origin: {
                orderId: string;
                orderReference: string;
                /** @description Name of the partner that created the order. No length restriction. */
                name: string;
            };
            /** @enum {string} */
            status: "CREATED" | "ACCEPTED" | "REJECTED" | "BEING_PREPARED" | "READY" | "OUT_FOR_DELIVERY" | "CANCELLED_BY_MERCHANT" | "CANCELLED_BY_CUSTOMER" | "FULFILLED";
            /** @enum {string} */
            statusInfo?: "AUTO_REJECTED_BY_TIMEOUT";
            /** @description The location was in busy mode when the order arrived: it is ready this many minutes later than usual. */
            busyMinutes?: number;
            /**
             * Format: date-time
             * @description With busyMinutes: when the order is expected ready (its scheduledFor, or its arrival, plus busyMinutes).
             */
            expectedReadyAt?: string;
        };
        /** @description A new order sent by an ordering app. */
        CreateOrderRequest: {
            /** @description Globally unique identifier of a merchant's site. */
            locationId: string;
            fulfilment: {
                /** @enum {string} */
                type?: "PICK_UP" | "DINE_IN" | "DELIVERY";
                /**
                 * Format: date-time
                 * @description RFC 3339 time the customer wants the order for; absent: as soon as possible. An order for later is taken while the location is CLOSED or paused until before then, when this time falls within its opening hours.
                 */
                scheduledFor?: string;
            };
            notes?: string;
            items: components["schemas"]["OrderItem"][];
            table?: {
                id?: string;
                section?: string;
            };
            customers?: {
                /** @description No length restriction. */
                firstName?: string;
            }[];
            discounts?: components["schemas"]["MoneyWithDescription"][];
            surcharges?: components["schemas"]["MoneyWithDescription"][];
            tip?: components["schemas"]["MoneyPositiveAmount"];
            total: components["schemas"]["MoneyPositiveAmount"];
            origin: {
                /** @description The app's own order id, used for reconciliation and idempotency. */
                orderId: string;
                /** @description Reference for staff and eaters. No length restriction. */
                orderReference: string;
            };
            /**
             * @default CREATED
             * @enum {string}
             */
            status?: "CREATED" | "ACCEPTED";
            /**
             * @default CLOSED
             * @enum {string}
             */
            paymentStatus?: "OPEN" | "CLOSED";
        };
        /** @description Money applying to the whole order, with a label; the amount is zero or more. */
        MoneyWithDescription: {
            /** @description Amount in the smallest currency unit (cents); never negative. */
            amount: number;
            /**
             * @default AUD
             * @enum {string}
             */
            currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            description?: string;
        };
        /** @description A page of a location's orders. */
        OrderList: {
            results: components["schemas"]["Order"][];
            pagination: {
                limit: number;
                /** @description Pass as `cursor` for the next page; null on the last page. */
                nextCursor: string | null;
            };
        };
        /** @description The new status of an order. */
        UpdateOrderRequest: {
            /** @enum {string} */
            status: "ACCEPTED" | "REJECTED" | "BEING_PREPARED" | "READY" | "OUT_FOR_DELIVERY" | "CANCELLED_BY_MERCHANT" | "CANCELLED_BY_CUSTOMER" | "FULFILLED";
            /** @description Required, and not empty, for REJECTED, CANCELLED_BY_MERCHANT and CANCELLED_BY_CUSTOMER. */
            reason?: string;
        };
        /** @description A table of a location and its open sales. */
        Table: {
            /** @description The id of the table, generated by the service. */
            id: string;
            number: string;
            locationId: string;
            section: components["schemas"]["TableSection"];
            /** @description Ids of the open sales attached to the table, oldest first. */
            openSales: string[];
        };
        /** @description The section of the venue a table belongs to. */
        TableSection: {
            id: string;
            name: string;
        } | null;
        /** @description A new table of a location. */
        CreateTableRequest: {
            /** @description The location the table belongs to. */
            locationId: string;
            /** @description Unique per location; letters and digits with . _ / # - or inner spaces (no comma), e.g. MAIN-33. */
            number: string;
            section?: components["schemas"]["TableSectionRequest"];
        };
        /** @description The section of the venue a table belongs to: by `id` (the POS system’s; a new section is named after it until a `name` is given), by `name`, or both. `{}` is no section (`section: null`). */
        TableSectionRequest: {
            /** @description The POS system's id of the section. */
            id?: string;
            /** @description The readable name of the section, e.g. Front bar. */
            name?: string;
        };
        /** @description The tables of a location, by number. */
        TableList: {
            results: components["schemas"]["Table"][];
        };
        /** @description The new number and/or section of a table. */
        UpdateTableRequest: {
            /** @description Unique per location; letters and digits with . _ / # - or inner spaces (no comma), e.g. MAIN-33. */
            number?: string;
            section?: components["schemas"]["TableSectionRequest"] & (Record<string, never> | null);
        };
        /** @description A sale recorded by the POS. */
        Sale: {
            /** @description The sale id generated by the service. */
            id: string;
            /** @description Counts the changes of the sale; send it back when updating. */
            version: number;
            /** @description Globally unique identifier of a merchant's site. */
            locationId: string;
            origin: {
                /** @description The POS's own id of the sale, for reconciliation. */
                saleId: string;
                /** @description The id of the store according to the POS. */
                locationId?: string;
            };
            /**
             * @default SALE
             * @enum {string}
             */
            type?: "SALE" | "REFUND" | "VOID" | "COMBINATION";
            /**
             * Format: date-time
             * @description When the sale was opened on the POS (RFC 3339).
             */
            openedZonedDateTime: string;
            /**
             * Format: date-time
             * @description When the sale was closed on the POS; required when CLOSED.
             */
            closedZonedDateTime?: string;
            /** @description The closed sale (of the same location) this one reopens; only with status REOPENED. */
            parentSaleId?: string;
            customer?: {
                id?: string;
            };
            register?: {
                id?: string;
                name?: string;
            };
            staff?: {
                /** @description The staff member's POS id, never their name. */
                id: string;
            };
            section?: {
                id?: string;
                name?: string;
            };
            table?: {
                /** @description The table's number; an OPEN sale joins the location's table with this number. */
                number: string;
                /** @description The number of people seated at the table. */
                seats?: number;
            };
            /** @description The id of the booking (tcBookingId) this sale belongs to. */
            bookingId?: string;
            discounts?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            surcharges?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            /** @description Total tax collected for this sale by the merchant. */
            tax?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description Total after tax, discounts, modifiers and rounding. */
            total?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            subtotal?: components["schemas"]["MoneyPositiveAmount"];
            /** @enum {string} */
            status: "OPEN" | "CLOSED" | "REOPENED";
            source: {
                /** @enum {string} */
                type: "DELIVEROO" | "DOORDASH" | "GOOGLE" | "HEYYOU" | "HUNGRYHUNGRY" | "MEANDU" | "MENULOG" | "MRYUM" | "ORDERUP" | "OTHER" | "POS" | "UBEREATS";
                /** @description The source of the sale when type is OTHER. */
                other?: string;
            };
            items: components["schemas"]["SaleLineItem"][];
            payments: components["schemas"]["SalePayment"][];
        };
        /** @description A labelled amount of money, zero or more. */
        MoneyPositiveAmountWithDescription: {
            /** @description Amount in the smallest currency unit (cents); never negative. */
            amount: number;
            /**
             * @default AUD
             * @enum {string}
             */
            currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            /** @description What this amount is, e.g. Tuesday Happy Hour Discount. */
            description?: string;
        };
        /** @description A line item of a sale, or a modifier of one. */
        SaleLineItem: {
            /** @description Unique within the sale: two units of the same product have different ids. */
            id: string;
            name: string;
            category?: string;
            description?: string;
            /** @description Id of the item aligned with the id of the item in the POS. */
            sku: string;
            barcode?: string;
            /** @description Modifications of the parent item, each a line item. */
            modifiers?: components["schemas"]["SaleLineItem"][];
            /** @description Price of one unit including tax, excluding discounts. */
            unitPrice: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description Tax collected by the merchant on one unit. */
            unitPriceTax: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description Cost of one unit paid by the merchant. */
            unitCost?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description Tax paid by the merchant on one unit. */
            unitCostTax?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description Discounts on the whole line (not per unit). */
            discounts?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            /** @description Whether this line is sold or refunded in a COMBINATION sale. */
            sale?: {
                /** @enum {string} */
                type: "SALE" | "REFUND";
            };
            /** @description Surcharges on the whole line (not per unit). */
            surcharges?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            /** @description Number of units; may be fractional, always more than 0. */
            quantity: number;
            /** @description Tax collected by the merchant for this line. */
            tax: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description (unitPrice * quantity) - discounts + surcharges + sum(modifiers[].total). */
            total: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description The POS asks apps to hide this line, e.g. $0 items or staff notes. */
            hidden?: boolean;
        };
        /** @description A payment made towards a sale. */
        SalePayment: {
            /** @description The financial institution that processed the payment; only for method EFTPOS. */
            acquirer?: {
                name: string;
                transactionReference: string;
                terminalId?: string;
            };
            /** @enum {string} */
            method: "EFTPOS" | "CASH" | "GIFT_CARD" | "POINTS" | "ACCOUNT" | "ONLINE";
            /**
             * @description Inherited from the sale's type when absent.
             * @enum {string}
             */
            type?: "SALE" | "REFUND" | "VOID" | "COMBINATION";
            goodsAndServicesAmount: components["schemas"]["MoneyPositiveAmount"];
            tipAmount?: components["schemas"]["MoneyPositiveAmount"];
            cashoutAmount?: components["schemas"]["MoneyPositiveAmount"];
            /** @description Charged by the merchant to process the payment method. */
            surchargeAmount?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description The line items (by items[].id) this payment is for. */
            items?: {
                itemId: string;
                total: components["schemas"]["MoneyPositiveAmount"];
            }[];
        };
        /** @description A new sale recorded by the POS. */
        CreateSaleRequest: {
            /** @description Globally unique identifier of a merchant's site. */
            locationId: string;
            origin: {
                /** @description The POS's own id of the sale, for reconciliation. */
                saleId: string;
                /** @description The id of the store according to the POS. */
                locationId?: string;
            };
            /**
             * @default SALE
             * @enum {string}
             */
            type?: "SALE" | "REFUND" | "VOID" | "COMBINATION";
            /**
             * Format: date-time
             * @description When the sale was opened on the POS (RFC 3339).
             */
            openedZonedDateTime: string;
            /**
             * Format: date-time
             * @description When the sale was closed on the POS; required when CLOSED.
             */
            closedZonedDateTime?: string;
            /** @description The closed sale (of the same location) this one reopens; only with status REOPENED. */
            parentSaleId?: string;
            customer?: {
                id?: string;
            };
            register?: {
                id?: string;
                name?: string;
            };
            staff?: {
                /** @description The staff member's POS id, never their name. */
                id: string;
            };
            section?: {
                id?: string;
                name?: string;
            };
            table?: {
                /** @description The table's number; an OPEN sale joins the location's table with this number. */
                number: string;
                /** @description The number of people seated at the table. */
                seats?: number;
            };
            /** @description The id of the booking (tcBookingId) this sale belongs to. */
            bookingId?: string;
            discounts?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            surcharges?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            /** @description Total tax collected for this sale by the merchant. */
            tax?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description Total after tax, discounts, modifiers and rounding. */
            total?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            subtotal?: components["schemas"]["MoneyPositiveAmount"];
            /**
             * @description A CLOSED sale stays closed; REOPENED records a new sale that reopens the closed sale named by parentSaleId.
             * @default CLOSED
             * @enum {string}
             */
            status?: "OPEN" | "CLOSED" | "REOPENED";
            /**
             * @description Where the sale came from; POS when absent.
             * @default {
             *       "type": "POS"
             *     }
             */
            source?: {
                /** @enum {string} */
                type: "DELIVEROO" | "DOORDASH" | "GOOGLE" | "HEYYOU" | "HUNGRYHUNGRY" | "MEANDU" | "MENULOG" | "MRYUM" | "ORDERUP" | "OTHER" | "POS" | "UBEREATS";
                /** @description The source of the sale when type is OTHER. */
                other?: string;
            };
            /** @default [] */
            items?: components["schemas"]["SaleLineItem"][];
            /** @default [] */
            payments?: components["schemas"]["SalePayment"][];
        };
        /** @description A page of a location’s sales, in the order they were recorded. */
        SaleList: {
            results: components["schemas"]["Sale"][];
            pagination: {
                page: number;
                /** @description Results on this page. */
                size: number;
                limit: number;
                /** @description Results on all pages. */
                total: number;
            };
        };
        /** @description Changes to a sale, made against the version last read. */
        UpdateSaleRequest: {
            /** @description The version last read; a stale one is answered 412. */
            version: number;
            /**
             * @description A CLOSED sale cannot be opened again (reopen it with a new sale, status REOPENED); a REOPENED sale stays REOPENED until CLOSED.
             * @enum {string}
             */
            status?: "OPEN" | "CLOSED";
            /**
             * Format: date-time
             * @description Required when status is CLOSED.
             */
            closedZonedDateTime?: string;
            /** @description All existing items; only their discounts, surcharges, tax and total may change. */
            items?: components["schemas"]["SaleLineItem"][];
            /** @description Replaces all discounts of the sale. */
            discounts?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            /** @description Replaces all surcharges of the sale. */
            surcharges?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
            tax?: components["schemas"]["MoneyPositiveAmount"];
            /** @description All existing and new payments; existing ones cannot be removed. */
            payments?: components["schemas"]["SalePayment"][];
            /** @description sum(items[].total) - discounts + surcharges. */
            total?: {
                /** @description Amount in the smallest currency unit (cents); never negative. */
                amount: number;
                /**
                 * @default AUD
                 * @enum {string}
                 */
                currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            };
            /** @description The table the sale moves to; null takes it off its table. */
            table?: {
                /** @description The table's number; an OPEN sale joins the location's table with this number. */
                number: string;
                /** @description The number of people seated at the table. */
                seats?: number;
            } | null;
            /** @description The booking the sale belongs to; null unlinks it. */
            bookingId?: string | null;
        };
        /** @description A booking of a table or room at a location. */
        Booking: {
            /** @description The id of the booking, generated by the service. */
            id: string;
            /** @description The same value as id: the identifier a POS is notified with. */
            tcBookingId: string;
            locationId: string;
            /** @description The booking app that holds the booking; absent on walk-ins created without one. */
            origin?: {
                /** @description Name of the booking app. */
                name?: string;
                bookingReference: string;
            };
            asset: components["schemas"]["BookingTableAsset"] | components["schemas"]["BookingRoomAsset"];
            /** @enum {string} */
            bookingStatus: "CREATED" | "ACCEPTED" | "REJECTED" | "CANCELLED_BY_CUSTOMER" | "CANCELLED_BY_MERCHANT";
            numberOfPeople: number;
            payments?: components["schemas"]["BookingPayment"][];
            startTime?: string;
            endTime?: string;
            customer?: components["schemas"]["BookingCustomer"];
            notes?: string;
            reason?: string;
            createdAt: string;
            updatedAt: string;
        };
        BookingTableAsset: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "TABLE";
            /** @enum {string} */
            arrivalStatus?: "ON_TIME" | "EARLY" | "RUNNING_LATE" | "NO_SHOW";
            /** @description The tables used for the booking. */
            tables?: {
                /** @description Unique per location; letters and digits with . _ / # - or inner spaces (no comma), e.g. MAIN-33. */
                number: string;
            }[];
            section?: {
                id?: string;
                name?: string;
            };
            /** @description Discounts that apply, e.g. Summer Sale 10% off. */
            discounts?: string[];
            /** @description Items ordered ahead, e.g. 4x flat whites. */
            preOrders?: string[];
            /** @enum {string} */
            tableStatus?: "SEATED" | "DINING" | "CLOSING" | "FINALISED";
        };
        BookingRoomAsset: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "ROOM";
            /** @description The rooms used for the booking. */
            rooms: {
                /** @description The room number or id, e.g. MAIN-33. */
                number: string;
            }[];
        };
        /** @description A payment applied to a booking, e.g. a deposit. */
        BookingPayment: {
            /** @description Amount in cents, e.g. 12520 is $125.20. */
            amount: number;
            /**
             * @default AUD
             * @enum {string}
             */
            currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
            /** @description What the payment is, e.g. Deposit for booking. */
            description?: string;
        };
        /** @description The customer making the booking. */
        BookingCustomer: {
            id?: string;
            name?: string;
            /** @description Notes on the customer, e.g. 'Loves red wine'. */
            notes?: string;
            email?: string;
            phoneNumber?: string;
            birthday?: string;
            address?: {
                line1?: string;
                line2?: string;
                suburb?: string;
                state?: string;
                postcode?: string;
                country?: string;
            };
        };
        /** @description A reservation sent by a booking app. */
        CreateBookingRequest: {
            /** @description The location the booking is for. */
            locationId: string;
            /**
             * @description CREATED (the default: the POS or the merchant accepts or rejects it) or ACCEPTED (already confirmed).
             * @default CREATED
             * @enum {string}
             */
            bookingStatus?: "CREATED" | "ACCEPTED";
            /** @description The number of expected guests. */
            numberOfPeople: number;
            /**
             * Format: date-time
             * @description RFC 3339 date-time, e.g. 2018-05-02T17:30:00.000Z.
             */
            endTime?: string;
            customer?: components["schemas"]["BookingCustomer"];
            /** @description Notes on the booking, e.g. 'Window seat please'. */
            notes?: string;
            payments?: components["schemas"]["BookingPayment"][];
            origin: {
                /** @description The booking app's reference, unique per location and booking app. */
                bookingReference: string;
            };
            /**
             * Format: date-time
             * @description RFC 3339 date-time, e.g. 2018-05-02T17:30:00.000Z.
             */
            startTime: string;
            asset: {
                /** @enum {string} */
                type: "TABLE";
                /** @enum {string} */
                arrivalStatus?: "ON_TIME" | "EARLY" | "RUNNING_LATE" | "NO_SHOW";
                /** @description The tables used for the booking. */
                tables?: {
                    /** @description Unique per location; letters and digits with . _ / # - or inner spaces (no comma), e.g. MAIN-33. */
                    number: string;
                }[];
                section?: {
                    id?: string;
                    name?: string;
                };
                /** @description Discounts that apply, e.g. Summer Sale 10% off. */
                discounts?: string[];
                /** @description Items ordered ahead, e.g. 4x flat whites. */
                preOrders?: string[];
                /** @enum {string} */
                tableStatus?: "SEATED";
            } | components["schemas"]["BookingRoomAsset"];
        };
        /** @description A walk-in booking sent by a POS. */
        CreateWalkInBookingRequest: {
            /** @description The location the booking is for. */
            locationId: string;
            /**
             * @description CREATED (the default: the POS or the merchant accepts or rejects it) or ACCEPTED (already confirmed).
             * @default CREATED
             * @enum {string}
             */
            bookingStatus?: "CREATED" | "ACCEPTED";
            /** @description The number of expected guests. */
            numberOfPeople: number;
            /**
             * Format: date-time
             * @description RFC 3339 date-time, e.g. 2018-05-02T17:30:00.000Z.
             */
            endTime?: string;
            customer?: components["schemas"]["BookingCustomer"];
            /** @description Notes on the booking, e.g. 'Window seat please'. */
            notes?: string;
            payments?: components["schemas"]["BookingPayment"][];
            origin?: {
                /** @description The booking app's reference, unique per location and booking app. */
                bookingReference: string;
            };
            /**
             * Format: date-time
             * @description When the guests were seated; the time of the request when absent.
             */
            startTime?: string;
            asset: {
                /** @enum {string} */
                type: "TABLE";
                /** @enum {string} */
                arrivalStatus?: "ON_TIME" | "EARLY" | "RUNNING_LATE" | "NO_SHOW";
                /** @description The tables used for the booking. */
                tables?: {
                    /** @description Unique per location; letters and digits with . _ / # - or inner spaces (no comma), e.g. MAIN-33. */
                    number: string;
                }[];
                section?: {
                    id?: string;
                    name?: string;
                };
                /** @description Discounts that apply, e.g. Summer Sale 10% off. */
                discounts?: string[];
                /** @description Items ordered ahead, e.g. 4x flat whites. */
                preOrders?: string[];
                /**
                 * @default SEATED
                 * @enum {string}
                 */
                tableStatus?: "SEATED";
            };
        };
        /** @description A page of a location's bookings. */
        BookingList: {
            results: components["schemas"]["Booking"][];
            pagination: {
                page: number;
                /** @description Bookings on this page. */
                size: number;
                limit: number;
                /** @description Bookings matching the filters, on all pages. */
                total: number;
            };
        };
        /** @description Changes to a booking (JSON merge patch). */
        UpdateBookingRequest: {
            asset?: {
                /**
                 * @description Moves forward only: SEATED, DINING, CLOSING, FINALISED.
                 * @enum {string}
                 */
                tableStatus?: "SEATED" | "DINING" | "CLOSING" | "FINALISED";
                /** @enum {string|null} */
                arrivalStatus?: "ON_TIME" | "EARLY" | "RUNNING_LATE" | "NO_SHOW" | null;
                /** @description The tables used for the booking. */
                tables?: {
                    /** @description Unique per location; letters and digits with . _ / # - or inner spaces (no comma), e.g. MAIN-33. */
                    number: string;
                }[];
                section?: {
                    id?: string;
                    name?: string;
                } | null;
                /** @description The rooms used for the booking. */
                rooms?: {
                    /** @description The room number or id, e.g. MAIN-33. */
                    number: string;
                }[];
                discounts?: string[] | null;
                preOrders?: string[] | null;
            };
            /** @enum {string} */
            bookingStatus?: "CREATED" | "ACCEPTED" | "REJECTED" | "CANCELLED_BY_CUSTOMER" | "CANCELLED_BY_MERCHANT";
            /** @description Why the booking was rejected or cancelled: optional, and only with REJECTED, CANCELLED_BY_CUSTOMER, CANCELLED_BY_MERCHANT. */
            reason?: string;
            /** @description The number of expected guests. */
            numberOfPeople?: number;
            payments?: components["schemas"]["BookingPayment"][] | null;
            customer?: {
                id?: string | null;
                name?: string | null;
                /** @description Notes on the customer, e.g. 'Loves red wine'. */
                notes?: string | null;
                email?: string | null;
                phoneNumber?: string | null;
                birthday?: string | null;
                address?: {
                    line1?: string | null;
                    line2?: string | null;
                    suburb?: string | null;
                    state?: string | null;
                    postcode?: string | null;
                    country?: string | null;
                } | null;
            } | null;
            /** @description Notes on the booking, e.g. 'Window seat please'. */
            notes?: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 date-time, e.g. 2018-05-02T17:30:00.000Z.
             */
            startTime?: string;
            /**
             * Format: date-time
             * @description RFC 3339 date-time, e.g. 2018-05-02T17:30:00.000Z.
             */
            endTime?: string | null;
            origin?: {
                /** @description The booking app's reference, unique per location and booking app. */
                bookingReference: string;
            };
        };
        /** @description The changes made to a booking, newest first. */
        BookingEvents: {
            events: components["schemas"]["BookingEvent"][];
        };
        /** @description A change made to a booking. */
        BookingEvent: {
            id: string;
            locationId: string;
            /** @enum {string} */
            type: "BOOKING_CREATED" | "BOOKING_UPDATED" | "BOOKING_SEATED" | "BOOKING_DINING" | "BOOKING_CLOSING" | "BOOKING_FINALISED";
            /**
             * @description Who made the change: the POS, the booking app, or the merchant.
             * @enum {string}
             */
            sourceOfChange: "POS" | "APP" | "MERCHANT";
            /** @description The change as it was requested. */
            eventData: {
                [key: string]: unknown;
            };
            /** @description The booking as it was after the change. */
            outcome: {
                [key: string]: unknown;
            };
            createdAt: string;
        };
        /** @description Links a customer's payment card to a loyalty member. */
        RegisterMemberRequest: {
            origin: {
                /** @description The member's identifier in the loyalty partner's app. */
                memberId: string;
            };
            /** @description Identifier of the merchant's location. */
            locationId: string;
            /** @description Id of a payment made with the card at that location within the last 60 minutes. */
            paymentId?: string;
            /** @description Reference of an unregistered customer, from the terminal's sign-up QR code or a test payment. */
            memberReference?: string;
        };
        /** @description Removes a member, and every card of it, from the loyalty program. */
        DeregisterMemberRequest: {
            origin: {
                /** @description The member's identifier in the loyalty partner's app. */
                memberId: string;
            };
        };
        /** @description A payment card linked to a member. */
        RegisteredCard: {
            /** @description Id of the registered card. */
            id: string;
            /** @description Id of the payment that linked the card. */
            paymentId: string;
            /** @enum {string} */
            paymentSource: "EFTPOS" | "ONLINE";
            origin: {
                memberId: string;
            };
            /** @description Reward the card earned while unregistered, carried in at sign-up. */
            preAccumulatedReward: number;
        };
        /** @description A payment made with a registered card at an activated location. */
        LoyaltyActivity: {
            id: string;
            locationId: string;
            /** @description The origin.memberId given at registration. */
            memberId: string;
            payment: {
                origin: {
                    paymentId: string;
                    /** @enum {string} */
                    paymentSource: "EFTPOS" | "ONLINE";
                };
                /** @enum {string} */
                type: "PURCHASE" | "REFUND" | "CASHOUT" | "OPEN_PRE_AUTH" | "CLOSE_PRE_AUTH" | "VOID";
                /**
                 * @description EFTPOS integration type; NOT_APPLICABLE for ONLINE payments.
                 * @enum {string}
                 */
                mode?: "INTEGRATED" | "STANDALONE" | "NOT_APPLICABLE";
                /** Format: date-time */
                zonedDateTime: string;
                breakdown: {
                    goodsAndServices: components["schemas"]["MoneyPositiveAmount"];
                    cashout: components["schemas"]["MoneyPositiveAmount"];
                    tip: components["schemas"]["MoneyPositiveAmount"];
                    surcharge: components["schemas"]["MoneyPositiveAmount"];
                };
                /** @description Total paid by the cardholder. */
                total: {
                    /** @description Amount in the smallest currency unit (cents); never negative. */
                    amount: number;
                    /**
                     * @default AUD
                     * @enum {string}
                     */
                    currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                };
            };
            /** @description The sale the payment belongs to, or null: the latest CLOSED sale recorded at the activity’s location with an EFTPOS payment whose `acquirer.transactionReference` is this payment’s `paymentId` and whose `goodsAndServicesAmount` equals its goods and services amount, when that sale says all the loyalty reference requires (`staff`, `tax`, `origin.locationId`, `acquirer.terminalId`; type SALE, REFUND or VOID; payments by EFTPOS, CASH, GIFT_CARD or POINTS). Looked up when the activity is read, so a sale recorded after the payment shows once it is closed. */
            sale: {
                /** @description The sale id generated by the service. */
                id: string;
                /** @description Counts the changes of the sale; send it back when updating. */
                version: number;
                /** @description Globally unique identifier of a merchant's site. */
                locationId: string;
                origin: {
                    /** @description The POS's own id of the sale. */
                    saleId: string;
                    /** @description The id of the store according to the POS. */
                    locationId: string;
                };
                /** @enum {string} */
                type: "SALE" | "REFUND" | "VOID";
                /**
                 * Format: date-time
                 * @description When the sale was opened on the POS (RFC 3339).
                 */
                openedZonedDateTime: string;
                /** @description When the sale was closed on the POS (RFC 3339). */
                closedZonedDateTime: string;
                /** @description The closed sale (of the same location) this one reopens; only with status REOPENED. */
                parentSaleId?: string;
                customer?: {
                    id?: string;
                };
                register?: {
                    id?: string;
                    name?: string;
                };
                staff: {
                    /** @description The staff member's POS id, never their name. */
                    id: string;
                };
                section?: {
                    id?: string;
                    name?: string;
                };
                table?: {
                    /** @description The table's number; an OPEN sale joins the location's table with this number. */
                    number: string;
                    /** @description The number of people seated at the table. */
                    seats?: number;
                };
                /** @description The id of the booking (tcBookingId) this sale belongs to. */
                bookingId?: string;
                discounts?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
                surcharges?: components["schemas"]["MoneyPositiveAmountWithDescription"][];
                /** @description Total tax collected for this sale by the merchant. */
                tax: {
                    /** @description Amount in the smallest currency unit (cents); never negative. */
                    amount: number;
                    /**
                     * @default AUD
                     * @enum {string}
                     */
                    currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                };
                /** @description Total after tax, discounts, modifiers and rounding. */
                total?: {
                    /** @description Amount in the smallest currency unit (cents); never negative. */
                    amount: number;
                    /**
                     * @default AUD
                     * @enum {string}
                     */
                    currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                };
                subtotal?: components["schemas"]["MoneyPositiveAmount"];
                /** @enum {string} */
                status: "CLOSED";
                source: {
                    /** @enum {string} */
                    type: "DELIVEROO" | "DOORDASH" | "GOOGLE" | "HEYYOU" | "HUNGRYHUNGRY" | "MEANDU" | "MENULOG" | "MRYUM" | "ORDERUP" | "OTHER" | "POS" | "UBEREATS";
                    /** @description The source of the sale when type is OTHER. */
                    other?: string;
                };
                items: components["schemas"]["SaleLineItem"][];
                payments: {
                    /** @description The financial institution that processed the payment; only for method EFTPOS. */
                    acquirer?: {
                        name: string;
                        transactionReference: string;
                        terminalId: string;
                    };
                    /** @enum {string} */
                    method: "EFTPOS" | "CASH" | "GIFT_CARD" | "POINTS";
                    /**
                     * @description Inherited from the sale's type when absent.
                     * @enum {string}
                     */
                    type?: "SALE" | "REFUND" | "VOID" | "COMBINATION";
                    goodsAndServicesAmount: components["schemas"]["MoneyPositiveAmount"];
                    tipAmount?: components["schemas"]["MoneyPositiveAmount"];
                    cashoutAmount?: components["schemas"]["MoneyPositiveAmount"];
                    /** @description Charged by the merchant to process the payment method. */
                    surchargeAmount?: {
                        /** @description Amount in the smallest currency unit (cents); never negative. */
                        amount: number;
                        /**
                         * @default AUD
                         * @enum {string}
                         */
                        currency?: "AUD" | "EUR" | "NZD" | "GBP" | "USD";
                    };
                    /** @description The line items (by items[].id) this payment is for. */
                    items?: {
                        itemId: string;
                        total: components["schemas"]["MoneyPositiveAmount"];
                    }[];
                }[];
            } | null;
        };
        /** @description A merchant location asking to join a loyalty program. */
        MerchantOnboardingRequest: {
            /** @description The onboardingReference of this request. */
            onboardingId: string;
            /** @description The locationId being onboarded. */
            tcLocationId: string;
            /**
             * @description Overall status of the onboarding request.
             * @enum {string}
             */
            status: "IN_PROGRESS" | "COMPLETED";
            locationDetails?: {
                name?: string;
                address?: string;
                postcode?: string;
                /** @description ISO 3166-1 alpha-3 code, e.g. AUS. */
                countryIsoCode?: string;
                /** @description IANA time zone, e.g. Australia/Sydney. */
                timezone?: string;
                phoneNumber?: string;
            };
            businessDetails: {
                /** @description Australian Business Number of the merchant. */
                abn: string;
                entityName?: string;
                address: string;
                postcode: string;
                countryIsoCode: string;
            };
            /** @description Each integration of the request and its onboarding status. */
            integrations: {
                /** @description Name of the integration, e.g. `loyalty`. */
                name: string;
                /** @enum {string} */
                status: "PENDING" | "SUCCESS" | "REJECTED_BY_PARTNER";
            }[];
        };
        /** @description The loyalty partner's decision on an onboarding request. */
        MerchantOnboardingDecisionRequest: {
            /** @enum {string} */
            action: "APPROVE";
            /** @description The loyalty program the location joins. */
            loyaltyProgramId: string;
            /**
             * Format: uri
             * @description Counterpart extension: the program's sign-up page; loyalty terminals show it as a QR code to unregistered customers.
             */
            signUpUrl?: string;
        } | {
            /** @enum {string} */
            action: "REJECT";
            /** @description Why the merchant location is rejected (optional). */
            reason?: string;
        };
        /** @description The test payment that was made. */
        TestPayment: {
            /** @description Use it as paymentId to register a member within 60 minutes. */
            paymentId: string;
            /** @description The member who paid, as sent. */
            memberId?: string;
            /** @description Identifies this non-member in later test payments and at sign-up. */
            memberReference?: string;
            /** @description The loyalty activity the payment generated, if any. */
            loyaltyActivityId?: string;
            /** @description Present when the payment was on a loyalty-enabled terminal. */
            terminalDisplay?: {
                /** @enum {string} */
                type: "REWARD_EARNED";
                /** @description Reward the registered member earned with this payment. */
                reward: number;
                message: string;
            } | {
                /** @enum {string} */
                type: "SIGN_UP";
                memberReference: string;
                /**
                 * Format: uri
                 * @description Link shown as a QR code; it carries the memberReference.
                 */
                signUpUrl: string;
                message: string;
            };
        };
        /** @description A simulated card payment for testing a loyalty integration. */
        CreateTestPaymentRequest: {
            /** @description Identifier of the merchant's location. */
            locationId: string;
            /** @enum {string} */
            paymentType: "PURCHASE" | "REFUND" | "CASHOUT" | "OPEN_PRE_AUTH" | "CLOSE_PRE_AUTH" | "VOID";
            /** @enum {string} */
            paymentSource: "EFTPOS" | "ONLINE";
            /** @description Amount in cents. */
            goodsAndServicesAmount?: number;
            /** @description Amount in cents. */
            tipAmount?: number;
            /** @description Amount in cents. */
            surchargeAmount?: number;
            /** @description Amount in cents. */
            cashoutAmount?: number;
            /** @description A registered member, or null for a customer who is not one. */
            memberId?: string | null;
            /** @description A returning non-member, from an earlier test payment. */
            memberReference?: string;
            /**
             * @description Pay with a card the member has not used before (NEW_REGISTERED_CARD).
             * @default false
             */
            useNewCard?: boolean;
            /** @description Simulates a payment on a terminal of that series (on-terminal loyalty). */
            terminal?: {
                /** @description Terminal series, e.g. PRO. */
                series: string;
            };
        };
        /** @description A page of the caller's events, oldest first. */
        EventPage: {
            results: components["schemas"]["Event"][];
            /** @description Pass as `after` to read the next page. */
            lastEventId: string | null;
            hasMore: boolean;
        };
        /** @description A location and its POS online status: GREEN while a POS holds a notification socket open, RED otherwise. */
        LocationStatus: {
            locationId: string;
            name: string;
            pos: {
                vendor: string | null;
                version?: string;
                /** @description The APIs the POS said it supports in its HELLO, by the reference’s names; other names are left out. */
                apis?: {
                    /** @enum {string} */
                    api: "BOOKING" | "FOOD_ORDERING" | "LOYALTY" | "PAYMENTS" | "SALES" | "LOCATION";
                    version: string;
                }[];
            };
            status: {
                /** @enum {string} */
                code: "GREEN" | "RED";
                lastOnlineAt: string | null;
                /** @description Why the status is RED; absent while GREEN. */
                reason?: string;
            };
            posStatus: {
                /** @enum {string} */
                status: "GREEN" | "RED";
                lastOnlineAt: string | null;
            };
        };
        /** @description Whether a location takes orders now, why, and until when; its hours and special days. */
        Availability: {
            locationId: string;
            /** @enum {string} */
            state: "OPEN" | "CLOSED" | "PAUSED";
            /**
             * @description Why the location is CLOSED or PAUSED; null while OPEN.
             * @enum {string|null}
             */
            reason: "OUTSIDE_HOURS" | "SPECIAL_DAY" | "PAUSED_BY_MERCHANT" | "PAUSED_BY_POS" | "POS_OFFLINE" | null;
            /** @description The reason given with a pause, or the special day’s note. */
            note: string | null;
            /**
             * Format: date-time
             * @description When the state ends by itself (closing time, the end of a pause); null when nothing ends it by itself.
             */
            until: string | null;
            /** @description Busy mode: orders are taken, ready this many minutes later than usual. */
            busy: {
                /** @description Extra preparation minutes, 5 to 120. */
                minutes: number;
                /**
                 * Format: date-time
                 * @description When busy mode ends by itself; null until cleared.
                 */
                until: string | null;
            } | null;
            /**
             * Format: date-time
             * @description When orders for now are taken again; null while OPEN and when nothing known reopens it (paused until resumed, POS offline).
             */
            nextOpenAt: string | null;
            /** @description The location’s IANA time zone, in which hours are kept. */
            timezone: string;
            /** @description Weekly opening ranges; null: no hours set, open at all times. */
            hours: components["schemas"]["WeeklyRange"][] | null;
            /** @description Special days of the next 14 days. */
            specialDays: components["schemas"]["SpecialDay"][];
            posOffline: {
                /** @description Pause ordering while the POS is offline (default true). */
                pauseOrdering: boolean;
                /** @description How long the POS must be RED before the location is PAUSED with reason POS_OFFLINE (default 120). */
                afterSeconds: number;
            };
            /** @description Counts the availability’s changes, as `data.version` of LOCATION_AVAILABILITY_UPDATED. */
            version: number;
        };
        /** @description An opening range on a weekday. */
        WeeklyRange: {
            /**
             * @description Local time the range opens, HH:MM.
             * @example 11:30
             */
            opens: string;
            /**
             * @description Local time it closes, HH:MM; at or before `opens` means the next day (22:00–02:00), 24:00 is midnight.
             * @example 14:30
             */
            closes: string;
            /** @enum {string} */
            day: "MONDAY" | "TUESDAY" | "WEDNESDAY" | "THURSDAY" | "FRIDAY" | "SATURDAY" | "SUNDAY";
        };
        /** @description A date with other hours than its weekday’s. */
        SpecialDay: {
            /**
             * Format: date
             * @description A calendar day, YYYY-MM-DD, in the location’s time zone.
             */
            date: string;
            /** @description Closed all day; otherwise `hours` are the day’s hours instead of its weekday’s. */
            closed: boolean;
            hours?: components["schemas"]["TimeRange"][];
            /** @description Why, for the merchant’s staff and the apps (a holiday, a private event). */
            note?: string | null;
        };
        TimeRange: {
            /**
             * @description Local time the range opens, HH:MM.
             * @example 11:30
             */
            opens: string;
            /**
             * @description Local time it closes, HH:MM; at or before `opens` means the next day (22:00–02:00), 24:00 is midnight.
             * @example 14:30
             */
            closes: string;
        };
        /** @description A JSON merge patch: pause or resume, set or clear busy mode. Members left out stay as they are. */
        AvailabilityPatch: {
            /** @description Pause ordering; null resumes. */
            pause?: {
                /**
                 * Format: date-time
                 * @description When the pause ends by itself; absent or null: until resumed.
                 */
                until?: string | null;
                /** @description Shown to staff and apps as `note`. */
                reason?: string | null;
            } | null;
            /** @description Busy mode; null clears it. */
            busy?: {
                minutes: number;
                /**
                 * Format: date-time
                 * @description When busy mode ends by itself; absent or null: until cleared.
                 */
                until?: string | null;
            } | null;
        };
        /** @description A webhook endpoint with its signing secret (shown once). */
        WebhookEndpointSecret: {
            id: string;
            url: string;
            eventTypes: ("ORDER_CREATED" | "ORDER_ACCEPTED" | "ORDER_REJECTED" | "ORDER_BEING_PREPARED" | "ORDER_READY" | "ORDER_OUT_FOR_DELIVERY" | "ORDER_FULFILLED" | "ORDER_CANCELLED_BY_MERCHANT" | "ORDER_CANCELLED_BY_CUSTOMER" | "NEW_TABLE" | "TABLE_UPDATED" | "TABLE_OPENED" | "TABLE_CLOSED" | "TABLE_DELETED" | "NEW_SALE" | "SALE_UPDATED" | "SALE_CLOSED" | "SALE_REOPENED" | "BOOKING_CREATED" | "BOOKING_UPDATED" | "BOOKING_SEATED" | "BOOKING_DINING" | "BOOKING_CLOSING" | "BOOKING_FINALISED" | "NEW_LOYALTY_ACTIVITY" | "NEW_REGISTERED_CARD" | "NEW_ONBOARDING_REQUEST" | "LOCATION_AVAILABILITY_UPDATED")[] | null;
            /** @description The `whsec_` signing secret; shown once. */
            secret: string;
            previousSecretExpiresAt?: string | null;
        };
        /** @description The deliveries queued to be sent again. */
        ReplayResult: {
            endpointId: string;
            replayed: number;
            deliveryIds: string[];
        };
        ReplaySince: {
            /**
             * Format: date-time
             * @description Replay FAILED deliveries created at or after this time.
             */
            since: string;
        };
        /** @description One event sent to one webhook endpoint, with every attempt. */
        WebhookDelivery: {
            id: string;
            eventId: string;
            eventType: string;
            endpointId: string;
            url: string;
            partnerId: string;
            partnerName: string;
            resourceKey: string;
            /** @description X-Request-Id of the API request that caused the event; null for background work. */
            requestId: string | null;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attemptCount: number;
            nextAttemptAt: string | null;
            createdAt: string;
            completedAt: string | null;
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        /** @description One attempt to deliver a webhook. */
        WebhookAttempt: {
            attemptedAt: string;
            statusCode: number | null;
            latencyMs: number;
            error: string | null;
            responseSnippet: string | null;
        };
        CreateMerchantWithOwner: {
            name: string;
            /** Format: email */
            ownerEmail?: string;
        };
        RenameMerchant: {
            name: string;
        };
        CreateLocation: {
            locationId?: string;
            name: string;
            timezone?: string;
        };
        UpdateLocation: {
            name?: string;
            timezone?: string;
        };
        CreateUser: {
            /** Format: email */
            email: string;
            password: string;
            name?: string;
            /** @enum {string} */
            role: "OWNER" | "MANAGER" | "STAFF" | "LOYALTY_PARTNER" | "PARTNER_DEVELOPER" | "ADMIN";
            merchantId?: string;
            partnerId?: string;
            locationIds?: string[];
        };
        ChangeRole: {
            /** @enum {string} */
            role: "OWNER" | "MANAGER" | "STAFF" | "LOYALTY_PARTNER" | "PARTNER_DEVELOPER" | "ADMIN";
            merchantId?: string;
            partnerId?: string;
        };
        CreatePartner: {
            name: string;
            /** @enum {string} */
            type: "POS" | "ORDERING_APP" | "BOOKING_APP" | "LOYALTY";
        };
        CreateClient: Record<string, never>;
        CreateConnection: {
            locationId: string;
        };
        CreateWebhookEndpoint: {
            /** Format: uri */
            url: string;
            eventTypes?: ("ORDER_CREATED" | "ORDER_ACCEPTED" | "ORDER_REJECTED" | "ORDER_BEING_PREPARED" | "ORDER_READY" | "ORDER_OUT_FOR_DELIVERY" | "ORDER_FULFILLED" | "ORDER_CANCELLED_BY_MERCHANT" | "ORDER_CANCELLED_BY_CUSTOMER" | "NEW_TABLE" | "TABLE_UPDATED" | "TABLE_OPENED" | "TABLE_CLOSED" | "TABLE_DELETED" | "NEW_SALE" | "SALE_UPDATED" | "SALE_CLOSED" | "SALE_REOPENED" | "BOOKING_CREATED" | "BOOKING_UPDATED" | "BOOKING_SEATED" | "BOOKING_DINING" | "BOOKING_CLOSING" | "BOOKING_FINALISED" | "NEW_LOYALTY_ACTIVITY" | "NEW_REGISTERED_CARD" | "NEW_ONBOARDING_REQUEST" | "LOCATION_AVAILABILITY_UPDATED")[];
        };
        CreateLoyaltyProgram: {
            loyaltyProgramId: string;
            name: string;
        };
        Sandbox: {
            partnerId: string;
            merchantId: string;
            /** @description The sandbox location: send orders (or work them) here. */
            locationId: string;
            /** @enum {boolean} */
            sandbox: true;
            counterparts: {
                partnerId: string;
                name: string;
                /** @enum {string} */
                type: "POS" | "ORDERING_APP" | "BOOKING_APP" | "LOYALTY";
            }[];
            createdAt: string;
            /** @description When the sandbox was last asked for; its simulator stops after SANDBOX_IDLE_MINUTES without use. */
            activeAt: string;
        };
        SandboxDevice: {
            /** @description The user code the POS shows (device flow). */
            userCode: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
