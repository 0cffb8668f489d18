// Imports every command so it registers itself with the program, in help order.
import './init.js';
import './validate.js';
import './plan.js';
import './apply.js';
import './destroy.js';
import './show.js';
import './drift.js';
import './export.js';
import './import.js';
import './ls.js';
import './graph.js';
import './fmt.js';
import './schema.js';
import './emulator.js';
import './completion.js';
