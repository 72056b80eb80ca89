// Formal harness: the exported DFMA (`rtl-gen verilog dfma`, or any depth
// variant) against SPEC.md §2's DMNMX and DSETP, and its special values
// for FMA, ADD and MUL, proven for every operand, every modifier, every
// compare and rounding mode by yosys's SAT-based temporal induction
// (`rtl-gen formal dfma`; the script is in testbench/src/formal.rs).
//
// LATENCY clocks after an operation went in, the harness asserts that
// out_valid is the in_valid of then, that a valid answer carries its tag,
// and that MIN, MAX, SETP and the reserved opcodes 6 and 7 answer the
// reference below, written from the SPEC's words (a NaN loses to a number,
// two NaNs give 0x7FF8000000000000, min(-0,+0) = -0, max(-0,+0) = +0; the
// 14 compares; |x| then the negation on the operand's bits). FMA, ADD
// (a·1 + b) and MUL (a·b + 0 with the product's sign) are asserted, with
// the macro FMA_SPECIALS (a second proof: on the deeper units it outgrows
// the solver's memory), where
// the SPEC fixes the answer without rounding: any NaN operand gives the last
// NaN in source order, quieted; ∞·0 and ∞ − ∞ give 0xFFF8000000000000; an
// infinite product or addend gives that infinity; a zero product plus a
// zero gives the IEEE zero (−0 only for two −0s, or under RM for mixed
// signs); a zero product plus a non-zero number gives that number. Other
// results (rounded) are SoftFloat's to check. The unit's registers
// start in any state. UNIT and LATENCY are the unit's name and latency.
// BROKEN_REFERENCE gives min(-0,+0) the wrong sign: the proof must then fail.
module dfma_specials_formal(
    input wire clock, input wire in_valid, input wire [7:0] in_tag,
    input wire [2:0] in_op, input wire [3:0] in_cmp, input wire [1:0] in_rm,
    input wire [2:0] in_neg, input wire [2:0] in_abs,
    input wire [63:0] in_a, input wire [63:0] in_b, input wire [63:0] in_c
);
    localparam L = `LATENCY;
    wire out_valid; wire [7:0] out_tag; wire [63:0] out_d; wire out_pred;
    `UNIT dut(.clock(clock), .in_valid(in_valid), .in_tag(in_tag), .in_op(in_op),
        .in_cmp(in_cmp), .in_rm(in_rm), .in_neg(in_neg), .in_abs(in_abs),
        .in_a(in_a), .in_b(in_b), .in_c(in_c),
        .out_valid(out_valid), .out_tag(out_tag), .out_d(out_d), .out_pred(out_pred));

    // SPEC.md §2, written from its words.
    function is_nan(input [63:0] x);
        is_nan = x[62:52] == 11'h7FF && x[51:0] != 0;
    endfunction
    function is_zero(input [63:0] x);
        is_zero = x[62:0] == 0;
    endfunction
    // a < b for numbers (no NaN), +0 and -0 equal.
    function less(input [63:0] a, input [63:0] b);
        if (is_zero(a) && is_zero(b)) less = 0;
        else if (a[63] != b[63]) less = a[63];
        else if (!a[63]) less = a[62:0] < b[62:0];
        else less = a[62:0] > b[62:0];
    endfunction
    function [63:0] min_max(input [63:0] a, input [63:0] b, input is_max);
        if (is_nan(a) && is_nan(b)) min_max = 64'h7FF8_0000_0000_0000;
        else if (is_nan(a)) min_max = b;
        else if (is_nan(b)) min_max = a;
        else if (is_zero(a) && is_zero(b))
`ifndef BROKEN_REFERENCE
            min_max = {is_max ? (a[63] & b[63]) : (a[63] | b[63]), 63'd0};
`else
            min_max = {is_max ? (a[63] & b[63]) : (a[63] & b[63]), 63'd0};
`endif
        else if (less(a, b) != is_max) min_max = a;
        else min_max = b;
    endfunction
    function setp(input [3:0] cmp, input [63:0] a, input [63:0] b);
        reg u, eq, lt, gt;
        begin
            u = is_nan(a) || is_nan(b);
            eq = !u && (a == b || (is_zero(a) && is_zero(b)));
            lt = !u && less(a, b);
            gt = !u && less(b, a);
            case (cmp)
                0: setp = eq;        1: setp = lt || gt;
                2: setp = lt;        3: setp = lt || eq;
                4: setp = gt;        5: setp = gt || eq;
                6: setp = u || eq;   7: setp = u || lt || gt;
                8: setp = u || lt;   9: setp = u || lt || eq;
                10: setp = u || gt;  11: setp = u || gt || eq;
                12: setp = !u;       13: setp = u;
                default: setp = 0;
            endcase
        end
    endfunction
    function is_inf(input [63:0] x);
        is_inf = x[62:0] == 63'h7FF0_0000_0000_0000;
    endfunction
    // x·y + z where the SPEC fixes the answer; `fixed` is 0 elsewhere.
    reg fixed;
    reg [63:0] want_fma;
    task fma_special(input [63:0] x, input [63:0] y, input [63:0] z, input rm_down);
        reg ps;
        begin
            fixed = 1;
            want_fma = 0;
            ps = x[63] ^ y[63];
            if (is_nan(z)) want_fma = z | 64'h0008_0000_0000_0000;
            else if (is_nan(y)) want_fma = y | 64'h0008_0000_0000_0000;
            else if (is_nan(x)) want_fma = x | 64'h0008_0000_0000_0000;
            else if ((is_inf(x) && is_zero(y)) || (is_zero(x) && is_inf(y)))
                want_fma = 64'hFFF8_0000_0000_0000;
            else if ((is_inf(x) || is_inf(y)) && is_inf(z) && ps != z[63])
                want_fma = 64'hFFF8_0000_0000_0000;
            else if (is_inf(x) || is_inf(y)) want_fma = {ps, 63'h7FF0_0000_0000_0000};
            else if (is_inf(z)) want_fma = z;
            else if ((is_zero(x) || is_zero(y)) && is_zero(z))
                want_fma = {ps == z[63] ? ps : rm_down, 63'd0};
            else if (is_zero(x) || is_zero(y)) want_fma = z;
            else fixed = 0;
        end
    endtask

    // |x| first, then the negation (the operand's bits, NaNs included).
    function [63:0] modify(input [63:0] x, input abs_, input neg_);
        modify = {(abs_ ? 1'b0 : x[63]) ^ neg_, x[62:0]};
    endfunction

    reg [7:0] seen = 0;
    reg [L-1:0] v_q;
    reg [8*L-1:0] tag_q;
    reg [3*L-1:0] op_q;
    reg [4*L-1:0] cmp_q;
    reg [64*L-1:0] a_q, b_q, c_q;
    reg [2*L-1:0] rm_q;
    always @(posedge clock) begin
        if (seen < L) seen <= seen + 1;
        v_q <= {v_q, in_valid};
        tag_q <= {tag_q, in_tag};
        op_q <= {op_q, in_op};
        cmp_q <= {cmp_q, in_cmp};
        a_q <= {a_q, modify(in_a, in_abs[0], in_neg[0])};
        b_q <= {b_q, modify(in_b, in_abs[1], in_neg[1])};
        c_q <= {c_q, modify(in_c, in_abs[2], in_neg[2])};
        rm_q <= {rm_q, in_rm};
    end
    wire v = v_q[L-1];
    wire [2:0] op = op_q[3*L-1 -: 3];
    wire [3:0] cmp = cmp_q[4*L-1 -: 4];
    wire [63:0] a = a_q[64*L-1 -: 64];
    wire [63:0] b = b_q[64*L-1 -: 64];
    wire [63:0] c = c_q[64*L-1 -: 64];
    wire rm_down = rm_q[2*L-1 -: 2] == 2'd1;
    always @* begin
        case (op)
            3'd0: fma_special(a, b, c, rm_down);
            3'd1: fma_special(a, 64'h3FF0_0000_0000_0000, b, rm_down);
            3'd2: fma_special(a, b, {a[63] ^ b[63], 63'd0}, rm_down);
            default: begin
                fixed = 0;
                want_fma = 0;
            end
        endcase
    end
    always @* if (seen == L) begin
        assert (out_valid == v);
        if (v) assert (out_tag == tag_q[8*L-1 -: 8]);
`ifdef FMA_SPECIALS
        if (v && op <= 2 && fixed) assert (out_d == want_fma && !out_pred);
`endif
        if (v && op == 3) assert (out_d == min_max(a, b, 0) && !out_pred);
        if (v && op == 4) assert (out_d == min_max(a, b, 1) && !out_pred);
        if (v && op == 5) assert (out_d == 0 && out_pred == setp(cmp, a, b));
        if (v && op >= 6) assert (out_d == 0 && !out_pred);
    end
endmodule
