// Formal harness: the exported DFMA (`rtl-gen verilog dfma`, or any depth
// variant) against SPEC.md §2's DMNMX and DSETP, proven for every operand
// pair, every modifier and every compare by yosys's SAT-based temporal
// induction (`rtl-gen formal dfma`; the script is in testbench/src/formal.rs).
//
// LATENCY clocks after an operation went in, the harness asserts that
// out_valid is the in_valid of then, that a valid answer carries its tag,
// and that MIN, MAX, SETP and the reserved opcodes 6 and 7 answer the
// reference below, written from the SPEC's words (a NaN loses to a number,
// two NaNs give 0x7FF8000000000000, min(-0,+0) = -0, max(-0,+0) = +0; the
// 14 compares; |x| then the negation on the operand's bits). FMA, ADD and
// MUL are not asserted here (SoftFloat checks them). The unit's registers
// start in any state. UNIT and LATENCY are the unit's name and latency.
// BROKEN_REFERENCE gives min(-0,+0) the wrong sign: the proof must then fail.
module dfma_cmp_formal(
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
    // |x| first, then the negation (the operand's bits, NaNs included).
    function [63:0] modify(input [63:0] x, input abs_, input neg_);
        modify = {(abs_ ? 1'b0 : x[63]) ^ neg_, x[62:0]};
    endfunction

    reg [7:0] seen = 0;
    reg [L-1:0] v_q;
    reg [8*L-1:0] tag_q;
    reg [3*L-1:0] op_q;
    reg [4*L-1:0] cmp_q;
    reg [64*L-1:0] a_q, b_q;
    always @(posedge clock) begin
        if (seen < L) seen <= seen + 1;
        v_q <= {v_q, in_valid};
        tag_q <= {tag_q, in_tag};
        op_q <= {op_q, in_op};
        cmp_q <= {cmp_q, in_cmp};
        a_q <= {a_q, modify(in_a, in_abs[0], in_neg[0])};
        b_q <= {b_q, modify(in_b, in_abs[1], in_neg[1])};
    end
    wire v = v_q[L-1];
    wire [2:0] op = op_q[3*L-1 -: 3];
    wire [3:0] cmp = cmp_q[4*L-1 -: 4];
    wire [63:0] a = a_q[64*L-1 -: 64];
    wire [63:0] b = b_q[64*L-1 -: 64];
    always @* if (seen == L) begin
        assert (out_valid == v);
        if (v) assert (out_tag == tag_q[8*L-1 -: 8]);
        if (v && op == 3) assert (out_d == min_max(a, b, 0) && !out_pred);
        if (v && op == 4) assert (out_d == min_max(a, b, 1) && !out_pred);
        if (v && op == 5) assert (out_d == 0 && out_pred == setp(cmp, a, b));
        if (v && op >= 6) assert (out_d == 0 && !out_pred);
    end
endmodule
