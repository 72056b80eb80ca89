// Formal harness: the exported MUFU (`rtl-gen verilog mufu`, or any depth
// variant) against SPEC.md §1's special values, proven for every special
// operand (every NaN payload, every subnormal, both zeros and infinities,
// every negative number where the function has no real value, 1.0 for LG2),
// both modifiers and every selector, by yosys's SAT-based temporal induction
// (`rtl-gen formal mufu`; script in testbench/src/formal.rs).
//
// LATENCY clocks after an operation went in, the harness asserts that
// out_valid is the in_valid of then, that a valid answer carries its tag,
// and, when the operand is special for the function, the SPEC's answer.
// Results of ordinary operands (the interpolation) are not asserted here:
// the accuracy sweeps measure those. The unit's registers start in any
// state. UNIT and LATENCY are the unit's name and latency. BROKEN_REFERENCE
// expects RSQ(-0) = +Inf (the SPEC says -Inf): the proof must then fail.
module mufu_specials_formal(
    input wire clock,
    input wire in_valid,
    input wire [7:0] in_tag,
    input wire [3:0] in_func,
    input wire in_abs,
    input wire in_neg,
    input wire [31:0] in_x
);
    localparam L = `LATENCY;
    localparam [31:0] NAN = 32'h7FFF_FFFF, INF = 32'h7F80_0000, ONE = 32'h3F80_0000;
    localparam [31:0] INF64 = 32'h7FF0_0000;
    wire out_valid;
    wire [7:0] out_tag;
    wire [31:0] out_d;
    `UNIT dut(.clock(clock), .in_valid(in_valid), .in_tag(in_tag), .in_func(in_func),
              .in_abs(in_abs), .in_neg(in_neg), .in_x(in_x),
              .out_valid(out_valid), .out_tag(out_tag), .out_d(out_d));

    // The special answer for (func, x) after the modifiers; `special` is 0
    // when the SPEC leaves the value to the interpolation.
    reg special;
    reg [31:0] want;
    task answer(input [31:0] w);
        begin
            special = 1;
            want = w;
        end
    endtask
    reg s, nan, inf, zero, nan64, inf64, zero64;
    always @* begin
        special = 0;
        want = 0;
        s = x[31];
        // binary32 classes (subnormals count as zero: DAZ)
        nan = x[30:23] == 8'hFF && x[22:0] != 0;
        inf = x[30:23] == 8'hFF && x[22:0] == 0;
        zero = x[30:23] == 0;
        // a binary64's high word: 11-bit exponent, 20 mantissa bits
        nan64 = x[30:20] == 11'h7FF && x[19:0] != 0;
        inf64 = x[30:20] == 11'h7FF && x[19:0] == 0;
        zero64 = x[30:20] == 0;
        case (func)
            4'd0: // COS
                if (nan || inf) answer(NAN);
                else if (zero) answer(ONE);
            4'd1: // SIN
                if (nan || inf) answer(NAN);
                else if (zero) answer({s, 31'd0});
            4'd2: // EX2
                if (nan) answer(NAN);
                else if (inf) answer(s ? 32'd0 : INF);
                else if (zero) answer(ONE);
            4'd3: // LG2
                if (nan) answer(NAN);
                else if (zero) answer(32'hFF80_0000);
                else if (s) answer(NAN);
                else if (inf) answer(INF);
                else if (x == ONE) answer(32'd0);
            4'd4: // RCP
                if (nan) answer(NAN);
                else if (zero) answer({s, INF[30:0]});
                else if (inf) answer({s, 31'd0});
            4'd5: // RSQ
`ifndef BROKEN_REFERENCE
                if (nan) answer(NAN);
                else if (zero) answer({s, INF[30:0]});
`else
                if (nan) answer(NAN);
                else if (zero) answer(INF);
`endif
                else if (s) answer(NAN);
                else if (inf) answer(32'd0);
            4'd6: // RCP64H
                if (nan64) answer(NAN);
                else if (zero64) answer({s, INF64[30:0]});
                else if (inf64) answer({s, 31'd0});
            4'd7: // RSQ64H
                if (nan64) answer(NAN);
                else if (zero64) answer({s, INF64[30:0]});
                else if (s) answer(NAN);
                else if (inf64) answer(32'd0);
            4'd8: // SQRT
                if (nan) answer(NAN);
                else if (zero) answer({s, 31'd0});
                else if (s) answer(NAN);
                else if (inf) answer(INF);
            4'd9: // TANH
                if (nan) answer(NAN);
                else if (zero) answer({s, 31'd0});
                else if (inf) answer({s, ONE[30:0]});
            default: answer(NAN); // 10..15: invalid selectors
        endcase
    end

    // What went in L clocks ago (the operand after |x| and -x); `seen`
    // counts the clocks up to L (it alone starts at 0).
    reg [7:0] seen = 0;
    reg [L-1:0] v_q;
    reg [8*L-1:0] tag_q;
    reg [4*L-1:0] func_q;
    reg [32*L-1:0] x_q;
    always @(posedge clock) begin
        if (seen < L) seen <= seen + 1;
        v_q <= {v_q, in_valid};
        tag_q <= {tag_q, in_tag};
        func_q <= {func_q, in_func};
        x_q <= {x_q, {(in_abs ? 1'b0 : in_x[31]) ^ in_neg, in_x[30:0]}};
    end
    wire [3:0] func = func_q[4*L-1 -: 4];
    wire [31:0] x = x_q[32*L-1 -: 32];
    always @* begin
        if (seen == L) begin
            assert (out_valid == v_q[L-1]);
            if (out_valid) assert (out_tag == tag_q[8*L-1 -: 8]);
            if (v_q[L-1] && special) assert (out_d == want);
        end
    end
endmodule
