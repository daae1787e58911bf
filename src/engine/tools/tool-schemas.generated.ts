// Generated from src/engine/tools/tool-inputs.ts by `npm run gen:schemas`: do not edit.
// `lean`: the JSON Schema says all the zod schema checks, so the lean parser may accept a call;
// `refined`: only together with the refinement the tool hands it (tool-inputs.ts, leanRefinements).
export const TOOL_SCHEMAS: Record<string, { lean: boolean; refined?: true; schema: Record<string, unknown> } | undefined> = {
  "read_file": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "path": {
          "type": "string",
          "description": "File to read"
        },
        "offset": {
          "description": "First line, 1-based (default 1)",
          "type": "integer",
          "minimum": 1,
          "maximum": 9007199254740991
        },
        "limit": {
          "description": "Max lines (default 2000)",
          "type": "integer",
          "minimum": 1,
          "maximum": 9007199254740991
        }
      },
      "required": [
        "path"
      ]
    }
  },
  "write_file": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "path": {
          "type": "string",
          "description": "File to write"
        },
        "content": {
          "type": "string",
          "description": "The whole new content"
        }
      },
      "required": [
        "path",
        "content"
      ]
    }
  },
  "edit_file": {
    "lean": true,
    "refined": true,
    "schema": {
      "type": "object",
      "properties": {
        "path": {
          "type": "string",
          "description": "File to edit"
        },
        "old_string": {
          "description": "Exact text to replace",
          "type": "string"
        },
        "new_string": {
          "description": "Replacement text",
          "type": "string"
        },
        "replace_all": {
          "description": "Replace every occurrence",
          "type": "boolean"
        },
        "edits": {
          "description": "Several edits in order, all or none",
          "minItems": 1,
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "old_string": {
                "type": "string",
                "description": "Exact text to replace"
              },
              "new_string": {
                "type": "string",
                "description": "Replacement text"
              },
              "replace_all": {
                "description": "Replace every occurrence",
                "type": "boolean"
              }
            },
            "required": [
              "old_string",
              "new_string"
            ]
          }
        }
      },
      "required": [
        "path"
      ]
    }
  },
  "list_files": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "path": {
          "description": "Directory (default: workspace root)",
          "type": "string"
        },
        "include_ignored": {
          "description": "Also list ignored entries",
          "type": "boolean"
        }
      }
    }
  },
  "glob": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "pattern": {
          "type": "string",
          "minLength": 1,
          "description": "Glob, e.g. \"src/**/*.ts\"; without \"/\" it matches file names at any depth"
        },
        "path": {
          "description": "Directory to search (default: workspace root)",
          "type": "string"
        },
        "limit": {
          "description": "Max paths (default 200)",
          "type": "integer",
          "minimum": 1,
          "maximum": 5000
        },
        "include_ignored": {
          "description": "Also match ignored files",
          "type": "boolean"
        }
      },
      "required": [
        "pattern"
      ]
    }
  },
  "grep": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "pattern": {
          "type": "string",
          "minLength": 1,
          "description": "Regular expression, matched per line"
        },
        "path": {
          "description": "File or directory (default: workspace root)",
          "type": "string"
        },
        "include": {
          "description": "Only files matching this glob: \"*.ts\" (name) or \"src/**/*.ts\" (path)",
          "type": "string"
        },
        "ignore_case": {
          "description": "Ignore case",
          "type": "boolean"
        },
        "include_ignored": {
          "description": "Also search ignored files",
          "type": "boolean"
        }
      },
      "required": [
        "pattern"
      ]
    }
  },
  "run_command": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "command": {
          "type": "string",
          "minLength": 1,
          "description": "Command line for bash -lc"
        },
        "timeout_ms": {
          "description": "Kill after this many ms (default 30000; foreground max 600000)",
          "type": "integer",
          "exclusiveMinimum": 0,
          "maximum": 9007199254740991
        },
        "background": {
          "description": "Return a task id at once; see task_status, task_stop",
          "type": "boolean"
        }
      },
      "required": [
        "command"
      ]
    }
  },
  "task_status": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "id": {
          "description": "Task id, e.g. t1",
          "type": "string"
        }
      }
    }
  },
  "task_stop": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "description": "Task id, e.g. t1"
        }
      },
      "required": [
        "id"
      ]
    }
  },
  "todo_write": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "todos": {
          "maxItems": 100,
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "content": {
                "type": "string",
                "minLength": 1,
                "description": "The task, imperative"
              },
              "status": {
                "type": "string",
                "enum": [
                  "pending",
                  "in_progress",
                  "done",
                  "blocked"
                ],
                "description": "Where it stands"
              },
              "note": {
                "description": "Why blocked, or a reminder",
                "type": "string"
              }
            },
            "required": [
              "content",
              "status"
            ]
          },
          "description": "The whole list"
        }
      },
      "required": [
        "todos"
      ]
    }
  },
  "web_fetch": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "url": {
          "type": "string",
          "description": "http(s) URL"
        },
        "max_chars": {
          "description": "Max chars (default 20000)",
          "type": "integer",
          "minimum": 100,
          "maximum": 100000
        }
      },
      "required": [
        "url"
      ]
    }
  },
  "web_search": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "query": {
          "type": "string",
          "minLength": 1,
          "maxLength": 400,
          "description": "What to search the web for"
        }
      },
      "required": [
        "query"
      ]
    }
  },
  "git_status": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {}
    }
  },
  "git_diff": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "staged": {
          "description": "Staged changes instead",
          "type": "boolean"
        },
        "base": {
          "description": "Revision to compare with, e.g. HEAD~1",
          "type": "string"
        },
        "paths": {
          "description": "Limit to these paths",
          "maxItems": 50,
          "type": "array",
          "items": {
            "type": "string"
          }
        }
      }
    }
  },
  "git_log": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "limit": {
          "description": "Number of commits (default 20)",
          "type": "integer",
          "minimum": 1,
          "maximum": 200
        },
        "revision": {
          "description": "Start here, not HEAD",
          "type": "string"
        },
        "paths": {
          "description": "Only commits touching these",
          "maxItems": 50,
          "type": "array",
          "items": {
            "type": "string"
          }
        }
      }
    }
  },
  "ask": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "question": {
          "type": "string",
          "minLength": 1
        },
        "options": {
          "maxItems": 20,
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "label": {
                "type": "string",
                "minLength": 1
              },
              "detail": {
                "type": "string"
              }
            },
            "required": [
              "label"
            ]
          }
        },
        "multiple": {
          "type": "boolean"
        }
      },
      "required": [
        "question"
      ]
    }
  },
  "remember": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "note": {
          "type": "string",
          "description": "One self-contained fact"
        }
      },
      "required": [
        "note"
      ]
    }
  },
  "recall": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "query": {
          "description": "Words to look for",
          "type": "string"
        }
      }
    }
  },
  "forget": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "description": "The note's id, e.g. m1a2b3c"
        }
      },
      "required": [
        "id"
      ]
    }
  },
  "load_skill": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string",
          "description": "The skill's name, as listed"
        },
        "file": {
          "description": "A file of the skill, relative to its folder, e.g. scripts/check.sh",
          "type": "string"
        }
      },
      "required": [
        "name"
      ]
    }
  },
  "task": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "description": {
          "type": "string",
          "description": "A few words shown while it runs"
        },
        "prompt": {
          "type": "string",
          "description": "The whole job and its context"
        },
        "kind": {
          "description": "explore: read, answer; review: read, report problems; worker: may change files (approved like yours) (default explore)",
          "type": "string",
          "enum": [
            "explore",
            "review",
            "worker"
          ]
        }
      },
      "required": [
        "description",
        "prompt"
      ]
    }
  },
  "task:explore,review": {
    "lean": true,
    "schema": {
      "type": "object",
      "properties": {
        "description": {
          "type": "string",
          "description": "A few words shown while it runs"
        },
        "prompt": {
          "type": "string",
          "description": "The whole job and its context"
        },
        "kind": {
          "description": "explore: read, answer; review: read, report problems (default explore)",
          "type": "string",
          "enum": [
            "explore",
            "review"
          ]
        }
      },
      "required": [
        "description",
        "prompt"
      ]
    }
  }
};
