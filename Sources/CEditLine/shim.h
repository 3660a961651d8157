// The parts of libedit Formwork uses, with non-variadic wrappers for el_set,
// el_get and history, which Swift cannot call directly.
#ifndef FORMWORK_CEDITLINE_SHIM_H
#define FORMWORK_CEDITLINE_SHIM_H

#include <stdio.h>
#include <histedit.h>

typedef char *(*fw_prompt_function)(EditLine *);
typedef unsigned char (*fw_editor_function)(EditLine *, int);

static inline int fw_el_set_prompt(EditLine *e, fw_prompt_function f) { return el_set(e, EL_PROMPT, f); }
static inline int fw_el_set_editor(EditLine *e, const char *mode) { return el_set(e, EL_EDITOR, mode); }
static inline int fw_el_set_signal(EditLine *e, int flag) { return el_set(e, EL_SIGNAL, flag); }
static inline int fw_el_set_history(EditLine *e, History *h) { return el_set(e, EL_HIST, history, h); }
static inline int fw_el_add_function(EditLine *e, const char *name, const char *help, fw_editor_function f) {
    return el_set(e, EL_ADDFN, name, help, f);
}
static inline int fw_el_bind(EditLine *e, const char *keys, const char *function) {
    return el_set(e, EL_BIND, keys, function, (const char *)NULL);
}
static inline int fw_el_set_client_data(EditLine *e, void *data) { return el_set(e, EL_CLIENTDATA, data); }
static inline void *fw_el_get_client_data(EditLine *e) {
    void *data = NULL;
    el_get(e, EL_CLIENTDATA, &data);
    return data;
}
static inline int fw_el_source_defaults(EditLine *e) { return el_source(e, NULL); }

static inline int fw_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int fw_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}
static inline int fw_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int fw_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}
static inline int fw_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

#endif
