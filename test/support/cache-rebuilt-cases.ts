// The `cache_rebuilt` notice of a rebuilt cache, case by case: what main takes from the rebuild
// (`recovery`), and the English message and params it sends. test/main checks that main words each
// case so; test/components that the screens read the params back into the same English, and into
// their own words in every other language. Plain data: neither side imports the other's code.

export interface CacheRebuiltCase {
  name: string;
  /** main's CacheRecovery, as plain data. */
  recovery: unknown;
  message: string;
  params: Record<string, string | number>;
}

export const CACHE_REBUILT_CASES: readonly CacheRebuiltCase[] = [
  {
    "name": "everything kept, a move and a count going on",
    "recovery": {
      "reason": "integrity check failed",
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "outbox": {
        "copied": 5,
        "waiting": 2,
        "problem": null
      },
      "transfers": {
        "kept": 2,
        "unfinished": 1,
        "problem": null
      },
      "undoLinks": {
        "kept": 1,
        "problem": null
      },
      "counts": {
        "open": 1,
        "toReview": 0,
        "problem": null
      },
      "held": []
    },
    "message": "The offline cache was damaged and has been rebuilt; it refills from the service. 2 adjustments still waiting in it will be sent as before, once each. The damaged file was kept as /data/cache.sqlite.corrupt-1. 1 move between warehouses not yet finished goes on as before. The count in progress was kept: carry on counting.",
    "params": {
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "waiting": 2,
      "moves": 1,
      "countKept": 1
    }
  },
  {
    "name": "one adjustment waiting, two moves going on, count lines back to review",
    "recovery": {
      "reason": "integrity check failed",
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "outbox": {
        "copied": 1,
        "waiting": 1,
        "problem": null
      },
      "transfers": {
        "kept": 3,
        "unfinished": 2,
        "problem": null
      },
      "undoLinks": {
        "kept": 1,
        "problem": null
      },
      "counts": {
        "open": 1,
        "toReview": 3,
        "problem": null
      },
      "held": []
    },
    "message": "The offline cache was damaged and has been rebuilt; it refills from the service. 1 adjustment still waiting in it will be sent as before, once. The damaged file was kept as /data/cache.sqlite.corrupt-1. 2 moves between warehouses not yet finished go on as before. The count in progress was kept: carry on counting. 3 lines of it whose adjustments could not be recovered go back to review: accept them and submit again.",
    "params": {
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "waiting": 1,
      "moves": 2,
      "countKept": 1,
      "countReview": 3
    }
  },
  {
    "name": "the outbox and the counts lost",
    "recovery": {
      "reason": "integrity check failed",
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "outbox": {
        "copied": 0,
        "waiting": 0,
        "problem": "outbox damaged"
      },
      "transfers": {
        "kept": 2,
        "unfinished": 0,
        "problem": null
      },
      "undoLinks": {
        "kept": 1,
        "problem": null
      },
      "counts": {
        "open": 0,
        "toReview": 0,
        "problem": "count_sessions damaged"
      },
      "held": []
    },
    "message": "The offline cache was damaged and has been rebuilt; it refills from the service. Adjustments and moves between warehouses still waiting in it could not be recovered: check the stock of recent adjustments and moves. The damaged file was kept as /data/cache.sqlite.corrupt-1. If a count was in progress, it could not be recovered: start it again.",
    "params": {
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "problem": "outbox damaged",
      "countLost": 1
    }
  },
  {
    "name": "changes held for the worker, and settled ones",
    "recovery": {
      "reason": "integrity check failed",
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "outbox": {
        "copied": 5,
        "waiting": 2,
        "problem": null
      },
      "transfers": {
        "kept": 0,
        "unfinished": 0,
        "problem": "transfers damaged"
      },
      "undoLinks": {
        "kept": 1,
        "problem": null
      },
      "counts": {
        "open": 0,
        "toReview": 0,
        "problem": null
      },
      "held": [
        {
          "id": "e-WD-000017",
          "sku": "WD-000017",
          "warehouseId": "wh_a",
          "delta": -2,
          "state": "queued",
          "why": "transfer",
          "needsWorker": true
        },
        {
          "id": "e-WD-000018",
          "sku": "WD-000018",
          "warehouseId": "wh_a",
          "delta": -2,
          "state": "queued",
          "why": "transfer",
          "needsWorker": true
        },
        {
          "id": "e-WD-000015",
          "sku": "WD-000015",
          "warehouseId": "wh_a",
          "delta": -2,
          "state": "applied",
          "why": "transfer",
          "needsWorker": false
        },
        {
          "id": "e-WD-000016",
          "sku": "WD-000016",
          "warehouseId": "wh_a",
          "delta": -2,
          "state": "applied",
          "why": "transfer",
          "needsWorker": false
        }
      ]
    },
    "message": "The offline cache was damaged and has been rebuilt; it refills from the service. 2 adjustments still waiting in it will be sent as before, once each. The damaged file was kept as /data/cache.sqlite.corrupt-1. 2 changes could not be checked against the moves between warehouses or the undos they belong to, so the desk will neither send nor undo them: check the stock of WD-000017, WD-000018 and correct it by hand. They stay in the Outbox, under “To check by hand”, until you mark them checked. 2 earlier changes, already settled, could not be checked against their moves or undos: they are no longer listed and cannot be undone at this desk.",
    "params": {
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "waiting": 2,
      "attention": 2,
      "attentionSkus": "WD-000017, WD-000018",
      "settled": 2
    }
  },
  {
    "name": "one held, one settled, one line back to review",
    "recovery": {
      "reason": "integrity check failed",
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "outbox": {
        "copied": 5,
        "waiting": 2,
        "problem": null
      },
      "transfers": {
        "kept": 2,
        "unfinished": 0,
        "problem": null
      },
      "undoLinks": {
        "kept": 1,
        "problem": null
      },
      "counts": {
        "open": 1,
        "toReview": 1,
        "problem": null
      },
      "held": [
        {
          "id": "e-WD-000017",
          "sku": "WD-000017",
          "warehouseId": "wh_a",
          "delta": -2,
          "state": "queued",
          "why": "transfer",
          "needsWorker": true
        },
        {
          "id": "e-WD-000015",
          "sku": "WD-000015",
          "warehouseId": "wh_a",
          "delta": -2,
          "state": "applied",
          "why": "transfer",
          "needsWorker": false
        }
      ]
    },
    "message": "The offline cache was damaged and has been rebuilt; it refills from the service. 2 adjustments still waiting in it will be sent as before, once each. The damaged file was kept as /data/cache.sqlite.corrupt-1. The count in progress was kept: carry on counting. 1 line of it whose adjustment could not be recovered goes back to review: accept it and submit again. 1 change could not be checked against the move between warehouses or the undo it belongs to, so the desk will neither send nor undo it: check the stock of WD-000017 and correct it by hand. It stays in the Outbox, under “To check by hand”, until you mark it checked. 1 earlier change, already settled, could not be checked against its move or undo: it is no longer listed and cannot be undone at this desk.",
    "params": {
      "movedTo": "/data/cache.sqlite.corrupt-1",
      "waiting": 2,
      "countKept": 1,
      "countReview": 1,
      "attention": 1,
      "attentionSkus": "WD-000017",
      "settled": 1
    }
  }
];
