// A QEMU plugin that counts the instructions a program runs, for machines without hardware
// counters (`perf stat -e instructions` "not supported"). Loaded by qemu-user (Debian's
// qemu-user 7.2, plugin API version 1): `qemu-x86_64 -plugin ./libcount.so PROGRAM ARGS`.
// Prints "instructions: N" to standard error when the program exits, and "instructions so far: N"
// before each line the program writes to standard error: with MASTHEAD_TIMINGS=1, before each
// stage's timing, so the difference of two is the stage's instructions.
//
// Each translated block, when it runs, adds its instruction count to one total. The add is
// atomic: qemu-user runs the program's threads in parallel. The few declarations of QEMU's
// plugin API this needs are written here (Debian ships no header for it).
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    };
} qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
void qemu_plugin_register_vcpu_tb_exec_cb(
    struct qemu_plugin_tb *tb, void (*cb)(unsigned int vcpu, void *userdata), enum qemu_plugin_cb_flags flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_syscall_cb(
    qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, unsigned int vcpu, int64_t number, uint64_t a1, uint64_t a2, uint64_t a3,
                                    uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8));
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, void *userdata), void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t total;

static void block_ran(unsigned int vcpu, void *instructions) {
    (void)vcpu;
    __atomic_fetch_add(&total, (uint64_t)(uintptr_t)instructions, __ATOMIC_RELAXED);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_ran, QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)qemu_plugin_tb_n_insns(tb));
}

// write(2, ...): the program is about to write to standard error.
static void system_call(qemu_plugin_id_t id, unsigned int vcpu, int64_t number, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
                        uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8) {
    (void)id, (void)vcpu, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
    if (number == 1 && a1 == 2) fprintf(stderr, "instructions so far: %" PRIu64 "\n", __atomic_load_n(&total, __ATOMIC_RELAXED));
}

static void program_exited(qemu_plugin_id_t id, void *unused) {
    (void)id;
    (void)unused;
    fprintf(stderr, "instructions: %" PRIu64 "\n", __atomic_load_n(&total, __ATOMIC_RELAXED));
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    (void)argc;
    (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_vcpu_syscall_cb(id, system_call);
    qemu_plugin_register_atexit_cb(id, program_exited, NULL);
    return 0;
}
